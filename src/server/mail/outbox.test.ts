import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../shared/languages';
import { useTestApp } from '../../../test/helpers/app';
import { startSmtpServer, useSmtpServer } from '../../../test/helpers/smtp';
import { mailOutbox } from '../db/schema';
import { claimDueMail, enqueueMail } from './outbox';
import { createSmtpTransport, deliverDueMail } from './sender';

describe('the mail outbox, sent to a real SMTP server', () => {
  const smtp = useSmtpServer();
  const ctx = useTestApp(() => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Cursos Online <no-reply@cursos.test>', MAIL_POLL_INTERVAL_MS: '0' }));

  const resetMail = (to: string, language: Language = 'es') => ({ kind: 'password-reset' as const, to, language, data: { token: `token-${to}` } });

  it('delivers a queued message to its recipient, in its language, with its link, once', async () => {
    smtp.received.length = 0;
    await enqueueMail(ctx.db, resetMail('ana@example.com', 'es'));
    await enqueueMail(ctx.db, resetMail('bob@example.com', 'en'));

    expect(await ctx.app.mail.deliverNow()).toMatchObject({ sent: 2, failed: 0 });
    expect(await ctx.app.mail.deliverNow()).toMatchObject({ sent: 0, failed: 0 });

    expect(smtp.received).toHaveLength(2);
    const ana = smtp.received.find((mail) => mail.to[0] === 'ana@example.com')!;
    expect(ana.from).toBe('no-reply@cursos.test');
    expect(ana.subject).toBe('Restablece tu contraseña');
    expect(ana.text).toContain(`${ctx.config.publicUrl}/reset-password?token=token-ana%40example.com`);
    expect(ana.html).toContain(`href="${ctx.config.publicUrl}/reset-password?token=token-ana%40example.com&amp;lang=es"`);
    const bob = smtp.received.find((mail) => mail.to[0] === 'bob@example.com')!;
    expect(bob.subject).toBe('Reset your password');
    expect(bob.text).toContain('Choose a new password');

    const rows = await ctx.db.select().from(mailOutbox);
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1 && row.lockedUntil === null)).toBe(true);
  });

  it('writes nothing when the transaction that queued the message rolls back', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await enqueueMail(tx, resetMail('rolled-back@example.com'));
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await ctx.db.select().from(mailOutbox)).toEqual([]);
  });

  it('keeps a message the server refuses and sends it, once, when the server takes mail again', async () => {
    smtp.received.length = 0;
    smtp.setRefusing(true);
    await enqueueMail(ctx.db, resetMail('later@example.com'));
    try {
      expect(await ctx.app.mail.deliverNow()).toMatchObject({ sent: 0, failed: 1 });
    } finally {
      smtp.setRefusing(false);
    }
    const [row] = await ctx.db.select().from(mailOutbox);
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lockedUntil: null });
    expect(row!.lastError).toMatch(/451/);
    // The retry waits its back-off: a round right away sends nothing.
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(await ctx.app.mail.deliverNow()).toMatchObject({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);

    await ctx.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
    expect(await ctx.app.mail.deliverNow()).toMatchObject({ sent: 1 });
    expect(await ctx.app.mail.deliverNow()).toMatchObject({ sent: 0 });
    expect(smtp.received.map((mail) => mail.to[0])).toEqual(['later@example.com']);
  });

  it('loses nothing while no mail server answers at all, and sends it all once one is back', async () => {
    const down = await startSmtpServer();
    const { port } = down;
    await down.close();
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'no-reply@cursos.test');
    for (const name of ['one', 'two', 'three']) await enqueueMail(ctx.db, resetMail(`${name}@example.com`));

    expect(await deliverDueMail({ db: ctx.db, transport, publicUrl: ctx.config.publicUrl, log: ctx.app.log })).toMatchObject({ sent: 0, failed: 3 });
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.attempts, 1))).toHaveLength(3);

    const back = await startSmtpServer(port);
    try {
      await ctx.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
      expect(await deliverDueMail({ db: ctx.db, transport, publicUrl: ctx.config.publicUrl, log: ctx.app.log })).toMatchObject({ sent: 3 });
      expect(await deliverDueMail({ db: ctx.db, transport, publicUrl: ctx.config.publicUrl, log: ctx.app.log })).toMatchObject({ sent: 0 });
      expect(back.received.map((mail) => mail.to[0]).sort()).toEqual(['one@example.com', 'three@example.com', 'two@example.com']);
    } finally {
      transport.close();
      await back.close();
    }
  });

  it('two senders at once never take the same message', async () => {
    smtp.received.length = 0;
    for (let index = 0; index < 30; index++) await enqueueMail(ctx.db, resetMail(`buyer${index}@example.com`));
    const transport = createSmtpTransport(smtp.url, 'no-reply@cursos.test');
    try {
      const senders = await Promise.all(
        [1, 2].map(() => deliverDueMail({ db: ctx.db, transport, publicUrl: ctx.config.publicUrl, log: ctx.app.log })),
      );
      expect(senders[0]!.sent + senders[1]!.sent).toBe(30);
    } finally {
      transport.close();
    }
    expect(smtp.received).toHaveLength(30);
    expect(new Set(smtp.received.map((mail) => mail.to[0])).size).toBe(30);
  });

  it('a claimed message is held by its lease; an expired lease lets another sender take it over', async () => {
    await enqueueMail(ctx.db, resetMail('lease@example.com'));
    expect(await claimDueMail(ctx.db)).toHaveLength(1);
    expect(await claimDueMail(ctx.db)).toHaveLength(0);
    // The first sender died mid-send: its lease runs out.
    await ctx.db.update(mailOutbox).set({ lockedUntil: sql`now() - interval '1 second'` });
    const [taken] = await claimDueMail(ctx.db);
    expect(taken).toMatchObject({ recipient: 'lease@example.com', attempts: 2 });
  });
});
