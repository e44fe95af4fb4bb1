import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDatabase } from '../../../test/helpers/database';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { AppError } from '../errors';

describe('the error shape', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildApp({ ...loadConfig({ AUTH_SECRET: 'x'.repeat(32) }), webDistDir: undefined }, { database: await testDatabase(), logger: false });
    app.get('/api/test/boom', async () => {
      throw new Error('password=hunter2 at db.internal:5432');
    });
    app.get('/api/test/expected', async () => {
      throw new AppError('COURSE_NOT_FOUND', 'Course not found');
    });
    app.post('/api/test/validated', { schema: { body: z.object({ title: z.string().min(5, 'validation.titleRequired') }) } }, async () => ({ ok: true }));
  });
  afterAll(() => app.close());

  it('masks unexpected errors as a 500 without internals', async () => {
    const response = await app.inject({ url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side' } });
    expect(response.body).not.toContain('hunter2');
  });

  it('keeps expected errors with their code and status', async () => {
    const response = await app.inject({ url: '/api/test/expected' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'COURSE_NOT_FOUND', message: 'Course not found' } });
  });

  it('answers invalid input with field errors', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/validated', payload: { title: 'abc' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { title: ['validation.titleRequired'] } } });
  });

  it('answers malformed JSON with a 400 in the same shape', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/validated', headers: { 'content-type': 'application/json' }, payload: '{"title":' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
  });

  it('sets security headers on every response', async () => {
    const response = await app.inject({ url: '/api/health' });
    // An API JSON answer: nothing may load or run in it (test/security/headers.test.ts has the pages' set).
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('compresses large responses', async () => {
    const response = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

describe('under https', () => {
  it('sends HSTS', async () => {
    const app = await buildApp({ ...loadConfig({ PUBLIC_URL: 'https://cursos.example.com', AUTH_SECRET: 'x'.repeat(32), SEED_DEMO_DATA: 'false', ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true' }), webDistDir: undefined }, { database: await testDatabase(), logger: false });
    const response = await app.inject({ url: '/api/health' });
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    await app.close();
  });
});
