import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { testDatabase } from '../../../test/helpers/database';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { mailOutbox } from '../db/schema';
import { enqueueMail } from './outbox';

describe('the development mailbox (no SMTP_URL)', () => {
  const ctx = useTestApp({ MAIL_POLL_INTERVAL_MS: '0' });

  it('lists the queued e-mails with their links, newest first, and the sender keeps them (logged, not sent anywhere)', async () => {
    await enqueueMail(ctx.db, { kind: 'verify-email', to: 'ana@example.com', language: 'es', data: { token: 'first' } });
    await enqueueMail(ctx.db, { kind: 'password-reset', to: 'ana@example.com', language: 'en', data: { token: 'second' } });
    expect(await ctx.app.mail.deliverNow()).toMatchObject({ sent: 2, failed: 0 });

    const response = await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    const { messages } = response.json() as { messages: { to: string; subject: string; link: string; kind: string }[] };
    expect(messages.map((mail) => [mail.kind, mail.subject, mail.link])).toEqual([
      ['password-reset', 'Reset your password', `${ctx.config.publicUrl}/reset-password?token=second&lang=en`],
      ['verify-email', 'Confirma tu correo electrónico', `${ctx.config.publicUrl}/verify-email?token=first&lang=es`],
    ]);
    expect(await ctx.db.select().from(mailOutbox)).toHaveLength(2);

    const page = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(`href="${ctx.config.publicUrl}/reset-password?token=second&amp;lang=en"`);
  });

  it('answers nobody but this machine', async () => {
    await enqueueMail(ctx.db, { kind: 'password-reset', to: 'ana@example.com', language: 'es', data: { token: 'secret' } });
    for (const url of ['/api/dev/mailbox', '/dev/mailbox']) {
      // Through a proxy on this machine (TRUST_PROXY=loopback), the client is the forwarded address.
      const response = await ctx.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('secret');
    }
  });

  it('is not served by a production server', async () => {
    const config = {
      ...loadConfig({ DATA_DIR: ctx.dataDir, AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789', NODE_ENV: 'production', SEED_DEMO_DATA: 'false', ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true', MAIL_POLL_INTERVAL_MS: '0' }),
      webDistDir: undefined,
    };
    const production = await buildApp(config, { database: await testDatabase(), logger: false });
    try {
      await enqueueMail(ctx.db, { kind: 'password-reset', to: 'ana@example.com', language: 'es', data: { token: 'secret' } });
      for (const url of ['/api/dev/mailbox', '/dev/mailbox']) {
        const response = await production.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('secret');
      }
      // Without SMTP_URL a production server keeps the mail queued for when one is set.
      expect(await production.mail.deliverNow()).toMatchObject({ sent: 0 });
      const [row] = await ctx.db.select().from(mailOutbox);
      expect(row).toMatchObject({ sentAt: null, attempts: 0 });
    } finally {
      await production.close();
    }
  });
});
