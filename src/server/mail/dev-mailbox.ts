import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devMailboxEndpoints } from '../../shared/endpoints/dev-mailbox';
import { AppError } from '../errors';
import { isLoopback } from '../http/loopback';
import { route } from '../http/route';
import { latestMail, renderRow } from './outbox';

export const DEV_MAILBOX_PAGE = '/dev/mailbox';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The development mailbox: the newest messages of the outbox, for a developer with no SMTP
 * server. It holds working reset links, so it is registered only on a development server
 * without SMTP_URL (never in production), and answers only requests from this machine.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const messages = async (ip: string) => {
    if (!isLoopback(ip)) throw new AppError('NOT_FOUND', 'Not found');
    const rows = await latestMail(app.db);
    return rows.map((row) => {
      const rendered = renderRow(row, app.config.publicUrl);
      return { id: row.id, kind: row.kind, to: row.recipient, language: row.language, ...rendered, createdAt: row.createdAt.toISOString() };
    });
  };

  route(app, devMailboxEndpoints.getDevMailbox, async (request) => ({ messages: await messages(request.ip) }));

  app.get(DEV_MAILBOX_PAGE, { schema: { hide: true } }, async (request, reply) => {
    const list = await messages(request.ip);
    const items = list
      .map(
        (mail) => `<article><h2>${escapeHtml(mail.subject)}</h2>
<p><small>${escapeHtml(mail.createdAt)} · ${escapeHtml(mail.kind)} · ${escapeHtml(mail.language)}</small><br>To: ${escapeHtml(mail.to)}</p>
<p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>
<pre>${escapeHtml(mail.text)}</pre></article><hr>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Development mailbox</title></head>
<body><h1>Development mailbox</h1><p>E-mails the server would send (no SMTP_URL is set), newest first.</p>${items || '<p>No e-mails yet.</p>'}</body></html>`);
  });
};
