/**
 * `tsx bench/tracing-overhead.ts` (after `tsx build/server.ts`): what OpenTelemetry traces cost a
 * request. Two compiled servers on the same PostgreSQL database (DATABASE_URL, with the demo
 * catalogue), one without OTEL_EXPORTER_OTLP_ENDPOINT, and three exporting to a collector in this process
 * (every trace, 10 % of them, none) (which reads and drops what it is sent, counting the spans), all
 * running at once; rounds alternate between them on each route, with each server's CPU time per
 * request and the machine's load average beside each.
 * The catalogue caches are off, so the listing reads the database on every request (a few
 * statement spans each). Writes bench/results/tracing-overhead.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { benchArgs } from './lib/args';
import { measure } from './lib/load';
import { freePort, startServer, type ServerProcess } from './lib/server';

const { duration, connections, rounds } = benchArgs({ rounds: { type: 'string', default: '3' } }, { duration: 8, connections: 50 });
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: the PostgreSQL database both servers share');

const load1 = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0]!;

/** CPU seconds a process has used (user + system), from /proc: steadier than req/s on a shared machine. */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat (11 and 12 after the command), in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** Takes `POST /v1/traces` and drops it, counting the spans (each has one `spanId`). */
async function startCollector() {
  let spans = 0;
  const server = http.createServer((request, response) => {
    let tail = '';
    request.on('data', (chunk: Buffer) => {
      const text = tail + chunk.toString('latin1');
      spans += text.split('"spanId"').length - 1;
      tail = text.slice(-8);
    });
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans: () => spans, close: () => server.close() };
}

const collector = await startCollector();
const common = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'error', CATALOG_CACHE_ENTRIES: '0', COURSE_CACHE_ENTRIES: '0', RENDERED_PAGE_CACHE_ENTRIES: '0' };
// The first start loads the demo catalogue (once); the second finds it there.
const off = await startServer({ port: await freePort(), env: { ...common, SEED_DEMO_DATA: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: '' } });
const on = await startServer({ port: await freePort(), env: { ...common, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url } });
const sampled = await startServer({
  port: await freePort(),
  env: { ...common, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' },
});
// No span recorded at all: what is left is the context's tracking through every callback and promise.
const neverSampled = await startServer({ port: await freePort(), env: { ...common, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_TRACES_SAMPLER: 'always_off' } });
const variants: [string, ServerProcess][] = [
  ['off', off],
  ['on', on],
  ['sampled-10%', sampled],
  ['never-sampled', neverSampled],
];

const lines: string[] = [];
const results = new Map<string, number[]>();
const cpu = new Map<string, number[]>();
try {
  for (const route of ['/api/health', '/api/courses']) {
    for (const [, server] of variants) await measure('warm-up', { url: `${server.url}${route}`, connections, duration: 3 });
    for (let round = 0; round < Number(rounds); round++) {
      for (const [name, server] of variants) {
        const spansBefore = collector.spans();
        const cpuBefore = cpuSeconds(server.pid);
        const row = await measure(route, { url: `${server.url}${route}`, connections, duration });
        const cpuPerRequest = ((cpuSeconds(server.pid) - cpuBefore) / row.answers) * 1e6;
        const spansPerRequest = name === 'off' ? '' : ` spans/request=${((collector.spans() - spansBefore) / row.answers).toFixed(2)}`;
        const line = `${name} ${route} req/s=${row.rps} p50=${row.p50}ms p99=${row.p99}ms errors=${row.errors} cpu/request=${cpuPerRequest.toFixed(0)}µs${spansPerRequest} load1=${load1()}`;
        console.log(line);
        lines.push(line);
        results.set(`${name} ${route}`, [...(results.get(`${name} ${route}`) ?? []), row.rps]);
        cpu.set(`${name} ${route}`, [...(cpu.get(`${name} ${route}`) ?? []), cpuPerRequest]);
      }
    }
  }
} finally {
  await Promise.all(variants.map(([, server]) => server.stop()));
  collector.close();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const summary = ['/api/health', '/api/courses'].map((route) => {
  const figures = variants.map(([name]) => `${median(results.get(`${name} ${route}`)!)} req/s, ${median(cpu.get(`${name} ${route}`)!).toFixed(0)} µs`);
  return `| \`${route}\` | ${figures.join(' | ')} |`;
});
writeFileSync(
  'bench/results/tracing-overhead.md',
  `# Traces: what a request pays with OTEL_EXPORTER_OTLP_ENDPOINT set

\`tsx bench/tracing-overhead.ts\`: four compiled servers on one PostgreSQL database (demo catalogue,
catalogue caches off so that every listing reads the database), LOG_LEVEL=error, all running at once;
autocannon, ${connections} connections, ${duration} s rounds alternating off / on / on with 10 % of traces
sampled / on with none sampled, a 3 s warm-up of each; the traced servers export to a
collector in the load generator's process (spans/request counts what it received during the round: a
server's last batch of a round may land in the next one's). load1 = the machine's 1-minute load average
after the round (the machine is shared with other work). Node ${process.version}.

Each cell: the median round's requests per second, and the server's CPU time per request (user +
system from /proc over the round, divided by the answers: less sensitive to the machine's load).

| route | off | on (every trace) | on, 10 % sampled (\`parentbased_traceidratio\`, 0.1) | on, none sampled (\`always_off\`) |
|---|---|---|---|---|
${summary.join('\n')}

\`\`\`
${lines.join('\n')}
\`\`\`
`,
);
console.log(summary.join('\n'));
