import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthEndpoints } from '../../../shared/endpoints/health';
import { pingDatabase, type DatabaseHandle } from '../../db/client';
import { AppError } from '../../errors';
import { route } from '../../http/route';

const READY_TIMEOUT_MS = 2000;
const JSON_TYPE = 'application/json; charset=utf-8';
/** Answers far below compression's threshold: its hook need not run for them. */
const SMALL_ANSWER = { compress: false } as const;

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  // Asked by every load balancer many times a second: the answer is written as it goes out (the
  // schema's two fields, no serializer pass), and too small for compression to look at.
  route(
    app,
    healthEndpoints.getHealth,
    async (_request, reply) =>
      reply.type(JSON_TYPE).send(`{"status":"ok","uptimeSeconds":${Math.round(process.uptime())}}` as unknown as { status: 'ok'; uptimeSeconds: number }),
    SMALL_ANSWER,
  );

  route(app, healthEndpoints.getReady, async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([pingDatabase(database.db), timeout]);
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'The database does not answer');
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ready' as const, database: database.kind };
  }, SMALL_ANSWER);
};
