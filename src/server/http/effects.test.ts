import Fastify, { type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminCatalogEndpoints, catalogEndpoints } from '../../shared/endpoints/catalog';
import { defineEndpoint } from '../../shared/endpoints/endpoint';
import { registerSessionSync } from '../auth/session-invalidation';
import { registerCatalogSync, type CatalogVersionFeed } from '../cache/catalog-cache';
import { route } from './route';

/** An app with both caches' catch-up hooks, counting how often each caught up. */
function appCountingCatchUps() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const caughtUp = { catalogue: 0, sessions: 0 };
  registerCatalogSync(app, { sync: async () => void caughtUp.catalogue++ } as CatalogVersionFeed);
  registerSessionSync(app, { sync: async () => void caughtUp.sessions++, close: async () => {} });
  return { app, caughtUp };
}

const noContent = { 204: z.null() };
/** Answers 204 whatever the entry's declared answers: only the hooks around it are under test. */
const answerNothing = (async (_request: unknown, reply: FastifyReply) => reply.status(204).send()) as never;

describe('declared effects', () => {
  it('hold an admin course edit’s answer until the catalogue and the sessions caught up, because its entry declares both', async () => {
    const { app, caughtUp } = appCountingCatchUps();
    route(app, adminCatalogEndpoints.updateAdminCourse, answerNothing);
    route(app, catalogEndpoints.getCourse, answerNothing);
    await app.ready();
    expect((await app.inject({ method: 'PATCH', url: '/api/admin/courses/1', payload: {} })).statusCode).toBe(204);
    expect(caughtUp).toEqual({ catalogue: 1, sessions: 1 });
    // Reading a course changes nothing: no catching up.
    await app.inject({ url: '/api/courses/1' });
    expect(caughtUp).toEqual({ catalogue: 1, sessions: 1 });
    await app.close();
  });

  it('are read from the declaration, not from the URL: a course change anywhere catches up, a declared no-change under /api/admin does not', async () => {
    const { app, caughtUp } = appCountingCatchUps();
    const elsewhere = defineEndpoint({ method: 'POST', path: '/api/elsewhere/courses', access: 'public', effects: ['catalogue'], tags: [], summary: '', responses: noContent });
    const accountElsewhere = defineEndpoint({ method: 'PUT', path: '/api/elsewhere/account', access: 'public', effects: ['sessions'], tags: [], summary: '', responses: noContent });
    const harmless = defineEndpoint({ method: 'POST', path: '/api/admin/harmless', access: 'public', effects: [], tags: [], summary: '', responses: noContent });
    for (const endpoint of [elsewhere, accountElsewhere, harmless]) route(app, endpoint, answerNothing);
    await app.ready();
    await app.inject({ method: 'POST', url: '/api/elsewhere/courses' });
    expect(caughtUp).toEqual({ catalogue: 1, sessions: 0 });
    await app.inject({ method: 'PUT', url: '/api/elsewhere/account' });
    expect(caughtUp).toEqual({ catalogue: 1, sessions: 1 });
    await app.inject({ method: 'POST', url: '/api/admin/harmless' });
    expect(caughtUp).toEqual({ catalogue: 1, sessions: 1 });
    await app.close();
  });

  it('of a route serving many endpoints are asked of the request the router matched', async () => {
    const { app, caughtUp } = appCountingCatchUps();
    app.route({
      method: ['GET', 'POST'],
      url: '/api/many/*',
      config: { effects: (request) => ((request.params as { '*': string })['*'] === 'change' ? ['catalogue'] : []) },
      handler: async (_request, reply) => reply.status(204).send(),
    });
    await app.ready();
    await app.inject({ url: '/api/many/read' });
    await app.inject({ method: 'POST', url: '/api/many/read' });
    expect(caughtUp).toEqual({ catalogue: 0, sessions: 0 });
    await app.inject({ method: 'POST', url: '/api/many/change' });
    expect(caughtUp).toEqual({ catalogue: 1, sessions: 0 });
    await app.close();
  });
});
