import { DetailedError, type HttpRequest, type HttpResponse } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { shouldRetry } from './use-video-uploads';

const refusal = (status: number, code?: string) => {
  const error = new DetailedError('refused');
  error.originalRequest = {} as HttpRequest;
  error.originalResponse = {
    getStatus: () => status,
    getBody: () => (code ? JSON.stringify({ error: { code, message: code } }) : ''),
  } as HttpResponse;
  return error;
};

describe('retrying a tus request', () => {
  it('retries what a retry can fix: an offset conflict, a locked upload, the server briefly away', () => {
    expect(shouldRetry(refusal(409, 'CONFLICT'))).toBe(true);
    expect(shouldRetry(refusal(423))).toBe(true);
    expect(shouldRetry(refusal(503, 'SERVICE_UNAVAILABLE'))).toBe(true);
  });

  it('does not retry a limit the user must act on, nor any other refusal', () => {
    expect(shouldRetry(refusal(409, 'UNFINISHED_UPLOADS_LIMIT'))).toBe(false);
    expect(shouldRetry(refusal(409, 'UPLOAD_LIMIT_REACHED'))).toBe(false);
    expect(shouldRetry(refusal(413, 'UPLOAD_SPACE_EXCEEDED'))).toBe(false);
    expect(shouldRetry(refusal(422, 'VIDEO_UNREADABLE'))).toBe(false);
  });
});
