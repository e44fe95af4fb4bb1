import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../../../test/helpers/app';
import { testDatabase } from '../../../test/helpers/database';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { createLogTransport } from '../mail/sender';
import { REDACTED, redactLogValue, redactUrl } from './log-redaction';

const SECRET = 'Zq9SecretTokenValue0123456789';
const SECOND_SECRET = 'Yx8OtherSecretValue9876543210';

describe('the request log', () => {
  const context = {} as { app: App; dataDir: string; lines: string[] };

  beforeAll(async () => {
    context.dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-test-'));
    context.lines = [];
    const config = {
      ...loadConfig({
        DATA_DIR: context.dataDir,
        AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
        TRANSCODE_CONCURRENCY: '0',
        LOG_LEVEL: 'info',
        // A cold first request can pass the default second: it would be logged as slow, not completed.
        SLOW_REQUEST_MS: '60000',
        GITHUB_CLIENT_ID: 'test-client',
        GITHUB_CLIENT_SECRET: 'test-client-secret',
      }),
      webDistDir: undefined,
    };
    context.app = await buildApp(config, { database: await testDatabase(), logStream: { write: (line) => context.lines.push(line) } });
  });

  afterAll(async () => {
    await context.app?.close();
    if (context.dataDir) rmSync(context.dataDir, { recursive: true, force: true });
  });

  const urls = [
    `/api/auth/verify-email?token=${SECRET}&callbackURL=%2F`,
    `/api/auth/verify-email?callbackURL=%2F&%74oken=${SECRET}`,
    `/api/auth/reset-password/${SECRET}?callbackURL=%2Freset-password`,
    `/reset-password?token=${SECRET}`,
    `/verify-email?token=${SECRET}`,
    `/api/videos/stream/${SECRET}~main.mp4`,
    `/api/videos/hls/${SECRET}/master.m3u8`,
    `/api/videos/hls/${SECRET}/720p/seg-000.ts`,
    `/test-checkout/${SECRET}`,
    `/test-onboarding/${SECRET}`,
    `/payment/success?session_id=${SECRET}`,
    `/api/auth/callback/github?code=${SECRET}&state=${SECOND_SECRET}`,
    `/api/no-such-route?token=${SECRET}`,
  ];

  it('logs every request with its route but never the token in its URL (links from e-mails, signed videos, checkouts, social callbacks)', async () => {
    for (const url of urls) {
      const before = context.lines.length;
      await context.app.inject({ method: 'GET', url, headers: { origin: TEST_ORIGIN } });
      const logged = context.lines.slice(before).join('\n');
      expect(logged, url).not.toContain(SECRET);
      expect(logged, url).not.toContain(SECOND_SECRET);
      const requestLines = context.lines
        .slice(before)
        .map((line) => JSON.parse(line) as { msg: string; req?: { url: string; method: string } })
        .filter((line) => line.req);
      // One access line per request, written when the answer is sent.
      expect(requestLines.map((line) => line.msg), url).toEqual(['request completed']);
      const [incoming] = requestLines;
      // A signed link's whole segment goes (its file name is part of what is signed).
      const expected = url.split(SECRET).join(REDACTED).split(SECOND_SECRET).join(REDACTED).replace(`${REDACTED}~main.mp4`, REDACTED);
      expect(incoming?.req, url).toMatchObject({ method: 'GET', url: expected });
    }
  });

  it("takes better-auth's own messages into the log without the credentials they carry (a social callback's forged state)", async () => {
    const before = context.lines.length;
    const callback = await context.app.inject({ url: `/api/auth/callback/github?code=${SECRET}&state=${SECOND_SECRET}`, headers: { origin: TEST_ORIGIN } });
    expect(callback.statusCode).toBe(302);
    const logged = context.lines.slice(before);
    expect(logged.map((line) => (JSON.parse(line) as { msg: string }).msg)).toContain('auth: Failed to parse state');
    expect(logged.join('\n')).not.toContain(SECRET);
    expect(logged.join('\n')).not.toContain(SECOND_SECRET);
  });

  it('keeps the rest of a URL as it was written, and takes credentials out of what a library logs', () => {
    expect(redactUrl('/api/courses?page=2&sort=rating')).toBe('/api/courses?page=2&sort=rating');
    expect(redactUrl('/api/videos/courses/7/intro/hls/720p/seg-001.ts')).toBe('/api/videos/courses/7/intro/hls/720p/seg-001.ts');
    expect(redactUrl('https://shop.example/reset-password?lang=en&token=abc')).toBe(`https://shop.example/reset-password?lang=en&token=${REDACTED}`);
    const error = Object.assign(new Error('State mismatch'), { code: 'state_mismatch', stack: 'at secret place' });
    expect(
      redactLogValue({ state: SECRET, codeVerifier: SECRET, accessToken: SECRET, callbackURL: `/verify-email?token=${SECRET}`, error, providerId: 'github', nested: [{ password: SECRET }] }),
    ).toEqual({
      state: REDACTED,
      codeVerifier: REDACTED,
      accessToken: REDACTED,
      callbackURL: `/verify-email?token=${REDACTED}`,
      error: { type: 'Error', code: 'state_mismatch', message: 'State mismatch' },
      providerId: 'github',
      nested: [{ password: REDACTED }],
    });
  });
});

describe('the development mail log line', () => {
  it('names the link without its token (the development mailbox shows it whole)', async () => {
    const logged: unknown[] = [];
    const log = { info: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    const transport = createLogTransport(log, 'http://localhost:3000/dev/mailbox');
    await transport.send('someone@example.com', { subject: 'Restablece tu contraseña', text: '', html: '', link: `http://localhost:3000/reset-password?token=${SECRET}` });
    expect(JSON.stringify(logged)).not.toContain(SECRET);
    expect(JSON.stringify(logged)).toContain(`/reset-password?token=${REDACTED}`);
  });
});
