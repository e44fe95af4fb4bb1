import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { OpenAPIV3 } from 'openapi-types';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { signedInUser } from '../../../test/helpers/auth';
import { answerOf, createContractCheck, type Answer, type ContractCheck } from '../../../test/helpers/openapi-contract';
import { TUS } from '../../../test/helpers/videos';
import { createCourse, createUser } from '../db/factories';

/**
 * The contract check over a real socket: what `inject` cannot show (the bytes Node writes, the
 * answers to requests that are not valid HTTP, the upload protocol's hijacked replies) is
 * checked against the same document as every inject answer.
 */
describe('the OpenAPI contract over real HTTP', () => {
  const ctx = useTestApp();
  let origin: string;
  let contract: ContractCheck;
  let document: OpenAPIV3.Document;

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    document = (await (await fetch(`${origin}/api/docs/json`)).json()) as OpenAPIV3.Document;
    contract = createContractCheck(document);
  });
  afterEach(() => {
    expect(contract.takeFailures()).toEqual([]);
  });

  const send = async (method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> => {
    const answer = await answerOf(await fetch(`${origin}${url}`, { method, headers, body, redirect: 'manual' }));
    contract.check({ method, url }, answer);
    return answer;
  };

  it('answers a tus creation without data with a JSON body and the upload offset, and the upload protocol as declared', async () => {
    const user = await signedInUser(ctx.app);
    const created = await send('POST', '/api/uploads', { ...user.headers, ...TUS, 'upload-length': '1000', 'upload-metadata': `filename ${Buffer.from('a.mp4').toString('base64')}` });
    expect(created.statusCode).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(created.body)).toEqual({});
    expect(created.headers['upload-offset']).toBe('0');
    const location = new URL(String(created.headers.location), origin).pathname;
    expect((await send('HEAD', location, { ...user.headers, ...TUS })).headers['upload-offset']).toBe('0');
    expect((await send('POST', '/api/uploads', { ...TUS, 'upload-length': '10' })).statusCode).toBe(401);
    expect((await send('DELETE', location, { ...user.headers, ...TUS })).statusCode).toBe(204);
  });

  it('answers a request that is not valid HTTP in the error shape the document declares, with the security headers', async () => {
    const port = (ctx.app.server.address() as AddressInfo).port;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /api/courses HTTP/1.1\r\nHost: localhost\r\nBad Header Line\r\n\r\n'));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n') as [string, string];
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head.toLowerCase()).toContain('content-type: application/json');
    expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(JSON.parse(body)).toEqual({ error: { code: 'BAD_REQUEST', message: expect.any(String) } });
    const errorSchema = document.components?.schemas?.Error as OpenAPIV3.SchemaObject;
    expect(errorSchema.required).toEqual(['error']);
  });

  it('answers a sample of routes as the document says: listings, a detail, refusals, a public page that reads the session', async () => {
    const owner = await createUser(ctx.db);
    const course = await createCourse(ctx.db, { ownerId: owner.id });
    const user = await signedInUser(ctx.app);
    expect((await send('GET', '/api/courses?page=1')).statusCode).toBe(200);
    expect((await send('GET', '/api/categories')).statusCode).toBe(200);
    expect((await send('GET', `/api/courses/${course.id}`, user.headers)).statusCode).toBe(200);
    expect((await send('GET', '/api/courses/999999')).statusCode).toBe(404);
    expect((await send('GET', '/api/courses/not-a-number')).statusCode).toBe(400);
    expect((await send('GET', '/api/cart')).statusCode).toBe(401);
    expect((await send('GET', '/api/cart', user.headers)).statusCode).toBe(200);
    expect((await send('PUT', '/api/users/me/player-settings', { ...user.headers, 'content-type': 'application/json' }, JSON.stringify({ playbackRate: 3, captionLanguage: 'es' }))).statusCode).toBe(400);
    const nul = await send('PATCH', '/api/users/me', { ...user.headers, 'content-type': 'application/json' }, JSON.stringify({ name: 'Ana\u0000', image: '' }));
    expect(nul.statusCode).toBe(400);
    expect(JSON.parse(nul.body).error.fields).toEqual({ name: ['validation.invalid'] });
  });
});
