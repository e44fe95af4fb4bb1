/**
 * Webhook fulfilment under load: N unpaid orders, each paid by a signed
 * `checkout.session.completed` event sent over HTTP with C concurrent connections, then
 * every event delivered again (the duplicate path). Prints throughput and latency, and
 * checks that exactly one set of enrolments was granted.
 *
 *   npx tsx bench/commerce-webhooks.ts [--orders 300] [--concurrency 20]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_commerce npx tsx bench/commerce-webhooks.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count, eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createCourse, createOrder, createUser } from '../src/server/db/factories';
import { enrollments, orders } from '../src/server/db/schema';
import { signStripePayload } from '../src/server/payments/stripe-events';
import { loadAverage, saveSection, type Table } from './lib/report';

const loadAtStart = loadAverage();
const { values } = parseArgs({ options: { orders: { type: 'string', default: '300' }, concurrency: { type: 'string', default: '20' } } });
const ORDERS = Number(values.orders);
const CONCURRENCY = Number(values.concurrency);
const SECRET = 'whsec_bench_secret_0123456789';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-commerce-'));
const config = { ...loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789', PAYMENT_WEBHOOK_SECRET: SECRET, LOG_LEVEL: 'silent' }), webDistDir: undefined };
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: 'memory://' });
const app = await buildApp(config, { database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const db = database.db;
const teacher = await createUser(db);
const catalogue = [await createCourse(db, { ownerId: teacher.id, priceCents: 1999 }, { videos: false }), await createCourse(db, { ownerId: teacher.id, priceCents: 4550 }, { videos: false })];
const payloads: string[] = [];
for (let index = 0; index < ORDERS; index++) {
  const buyer = await createUser(db);
  const { order } = await createOrder(db, { userId: buyer.id, items: catalogue, paymentStatus: 'unpaid', provider: 'test', expiresAt: new Date(Date.now() + 3_600_000) });
  payloads.push(
    JSON.stringify({
      id: `evt_bench_${index}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: order.providerSessionId, object: 'checkout.session', status: 'complete', payment_status: 'paid', amount_total: order.amountTotal, currency: 'usd', client_reference_id: order.id, payment_intent: `pi_bench_${index}` } },
    }),
  );
}

async function run(label: string, request: (body: string) => Promise<Response> = deliver) {
  const latencies: number[] = [];
  const outcomes = new Map<string, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < payloads.length) {
        const body = payloads[next++]!;
        const t0 = performance.now();
        const response = await request(body);
        const json = (await response.json()) as { outcome?: string };
        latencies.push(performance.now() - t0);
        const key = `${response.status} ${json.outcome ?? ''}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
  const perSecond = Math.round(payloads.length / seconds);
  const answers = JSON.stringify(Object.fromEntries(outcomes));
  console.log(`${label}: ${payloads.length} requests in ${seconds.toFixed(2)} s = ${perSecond}/s; latency p50 ${pct(50)} ms, p99 ${pct(99)} ms; ${answers}`);
  table.rows.push([label, perSecond, pct(50), pct(99), answers]);
}

const table: Table = { title: `${ORDERS} requests per row, ${CONCURRENCY} concurrent connections`, columns: ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'answers'], rows: [] };

function deliver(body: string) {
  return fetch(`${base}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(body, SECRET) }, body });
}

console.log(`database: ${database.kind}; ${ORDERS} orders of 2 courses; ${CONCURRENCY} concurrent connections`);
// The same machine's bare floor, to read the figures against: a route that does no work.
await run('baseline GET /api/health', () => fetch(`${base}/api/health`));
await run('first delivery (fulfils)');
await run('second delivery (duplicates)');
const [granted] = await db.select({ total: count() }).from(enrollments);
const [paid] = await db.select({ total: count() }).from(orders).where(eq(orders.paymentStatus, 'paid'));
console.log(`paid orders ${paid!.total}/${ORDERS}; enrolments ${granted!.total} (expected ${ORDERS * 2})`);
saveSection({
  name: 'commerce-webhooks',
  title: `Payment webhooks (${database.kind}, app in the benchmark process)`,
  facts: [`${ORDERS} unpaid orders of 2 courses, each paid by a signed checkout.session.completed event, then every event delivered again`, `paid orders ${paid!.total}/${ORDERS}; enrolments ${granted!.total} (expected ${ORDERS * 2})`],
  tables: [table],
  loadAtStart,
});
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
if (granted!.total !== ORDERS * 2 || paid!.total !== ORDERS) process.exit(1);
