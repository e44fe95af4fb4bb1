import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export type ReceivedMail = { from: string; to: string[]; subject: string; text: string; html: string; raw: string };

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words of a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_all, encoding: string, data: string) =>
      encoding.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, '').replace(/=([0-9a-f]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function headerOf(block: string, name: string): string {
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return match ? match[1]!.trim() : '';
}

/** The decoded body of the part with this content type (a small MIME reader, enough for nodemailer's messages). */
function partOf(raw: string, contentType: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split === -1) continue;
    const head = part.slice(0, split);
    if (!headerOf(head, 'Content-Type').toLowerCase().startsWith(contentType)) continue;
    const body = part.slice(split).replace(/^\r?\n\r?\n/, '').replace(/\r?\n--[^\r\n]+--\s*$/, '');
    const encoding = headerOf(head, 'Content-Transfer-Encoding').toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
    return body;
  }
  return '';
}

/**
 * A real SMTP server on a random port that keeps every message it accepts. `refuse` makes it
 * answer every message with a temporary failure (451), like a mail server in trouble.
 */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuse) return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        const raw = Buffer.concat(chunks).toString('utf8');
        const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
          subject: decodeHeader(headerOf(head, 'Subject')),
          text: partOf(raw, 'text/plain'),
          html: partOf(raw, 'text/html'),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    /** While true, every message is answered 451 (nothing accepted). */
    setRefusing: (refuse: boolean) => {
      state.refuse = refuse;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** A real SMTP server for the surrounding describe: started before its tests, closed after them. */
export function useSmtpServer(): TestSmtpServer {
  const server = {} as TestSmtpServer;
  beforeAll(async () => {
    Object.assign(server, await startSmtpServer());
  });
  afterAll(() => server.close());
  return server;
}
