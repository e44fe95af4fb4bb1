import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../testing/mock-fetch';
import { api, ApiError } from './api-client';
import { errorMessage } from './error-message';

describe('api client', () => {
  it('sends JSON with the session cookie and returns the parsed body', async () => {
    const fetchSpy = mockFetch({ 'POST /api/cart': async (request) => ({ received: (await request.json()) as unknown }) });
    await expect(api.post('/api/cart', { courseId: 3 })).resolves.toEqual({ received: { courseId: 3 } });
    const init = fetchSpy.mock.calls[0]?.[1];
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"courseId":3}' });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it('adds query parameters, leaving out undefined ones', async () => {
    const fetchSpy = mockFetch({ 'GET /api/courses': () => [] });
    await api.get('/api/courses', { query: { page: 2, search: 'react', category: undefined } });
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/courses?page=2&search=react');
  });

  it('returns undefined for an empty answer', async () => {
    mockFetch({ 'DELETE /api/cart': () => new Response(null, { status: 204 }) });
    await expect(api.delete('/api/cart')).resolves.toBeUndefined();
  });

  it("turns the server's error shape into an ApiError with code, status and fields", async () => {
    mockFetch({
      'POST /api/contact': () =>
        jsonResponse({ error: { code: 'VALIDATION_FAILED', message: 'Invalid body', fields: { name: ['validation.nameRequired'] } } }, 400),
    });
    const error = await api.post('/api/contact', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, message: 'Invalid body', fields: { name: ['validation.nameRequired'] } });
  });

  it('names a status without our error body by its code', async () => {
    mockFetch({
      'GET /api/a': () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      'GET /api/b': () => jsonResponse({ code: 'SOMETHING_ELSE', message: 'nope' }, 403),
    });
    await expect(api.get('/api/a')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 502 });
    await expect(api.get('/api/b')).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403, providerCode: 'SOMETHING_ELSE' });
  });

  it('turns a network failure into NETWORK', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/courses')).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
  });

  it('lets an abort through as an abort, not as NETWORK', async () => {
    const controller = new AbortController();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => {
      controller.abort();
      return Promise.reject(new DOMException('Aborted', 'AbortError'));
    });
    await expect(api.get('/api/courses', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('translates an error for the user by its code', async () => {
    mockFetch({ 'GET /api/x': () => jsonResponse({ error: { code: 'RATE_LIMITED', message: 'Too many requests' } }, 429) });
    const error = await api.get('/api/x').catch((caught: unknown) => caught);
    expect(errorMessage(error)).toBe('Demasiados intentos. Espera un momento y vuelve a intentarlo.');
    expect(errorMessage(new Error('bug'))).toBe('Ocurrió un error inesperado.');
  });
});
