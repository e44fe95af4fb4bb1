import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { contactMessages } from '../db/schema';

const HEADERS_TIMEOUT_MS = 600;
const REQUEST_TIMEOUT_MS = 1500;

/**
 * Opens a connection and trickles `parts` one by one, a byte now and then, as a slow-loris
 * client does; resolves with what the server answered and how long it kept the socket.
 */
function trickle(port: number, parts: string[], everyMs: number): Promise<{ answer: string; heldMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let index = 0;
    const timer = setInterval(() => {
      if (index < parts.length && !socket.destroyed) socket.write(parts[index++]!);
    }, everyMs);
    // A bound of its own: a server that never cuts the client fails the test instead of hanging it.
    const giveUp = setTimeout(() => socket.destroy(new Error('the server kept the slow request open')), 15_000);
    socket.on('data', (data) => (answer += data.toString()));
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ answer, heldMs: Date.now() - started });
    });
    socket.on('error', (error) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      if (error.message.includes('kept the slow request')) reject(error);
    });
  });
}

describe('slow clients', () => {
  const ctx = useTestApp({ HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS), REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });

  async function listening(): Promise<number> {
    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    return (ctx.app.server.address() as net.AddressInfo).port;
  }

  it('cuts off request headers that never finish (HEADERS_TIMEOUT_MS), while other clients are served', async () => {
    const port = await listening();
    const head = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'a'.repeat(200);
    const slow = trickle(port, [...head], 50);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    const { answer, heldMs } = await slow;
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
    expect(heldMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    expect(heldMs).toBeLessThan(HEADERS_TIMEOUT_MS + 3000);
  });

  it('cuts off a request body that trickles in (REQUEST_TIMEOUT_MS), and stores nothing of it', async () => {
    const port = await listening();
    const body = JSON.stringify({ email: 'slow@example.com', name: 'Lenta', message: 'x'.repeat(300) });
    const head = `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nOrigin: ${ctx.config.publicUrl}\r\n\r\n`;
    const { answer, heldMs } = await trickle(port, [head, ...body], 20);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
    expect(heldMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(heldMs).toBeLessThan(REQUEST_TIMEOUT_MS + 3000);
    expect(await ctx.db.select().from(contactMessages)).toEqual([]);
  });
});
