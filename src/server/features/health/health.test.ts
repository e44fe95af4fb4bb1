import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { healthEndpoints } from '../../../shared/endpoints/health';

describe('health', () => {
  const ctx = useTestApp();

  it('reports the process alive', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    // Written by hand for speed: still exactly what the endpoint's schema describes.
    expect(healthEndpoints.getHealth.responses[200].strict().parse(response.json())).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
  });

  it('reports ready when the database answers', async () => {
    const response = await ctx.app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('ready');
  });

  it('answers unknown API paths with 404 in the error shape', async () => {
    const response = await ctx.app.inject({ url: '/api/does-not-exist?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'ROUTE_NOT_FOUND', message: 'No API route /api/does-not-exist' } });
  });

  it('tags every response with a request id', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });
});
