/**
 * Video streaming speed: the app's signed main-video link against nginx serving the same
 * 100 MB file, in the same run, with byte-range requests as a video player makes them.
 *
 *   npx tsx bench/stream.ts [--seconds 5] [--rounds 5] [--connections 8] [--range-kib 1024]
 *
 * Needs nginx (Debian: apt-get install -y nginx); it is started here on a free loopback
 * port with a temporary config and stopped at the end. The app runs in a child process
 * (the load generator must not share its event loop) on an in-memory database. Each side
 * gets one CPU worker: the app is one Node process, nginx runs one worker process.
 * A third row, app+nginx, is the production set-up for local disk behind nginx: requests go
 * through nginx to the app, which checks the signed link and answers X-Accel-Redirect, and
 * nginx sends the file (VIDEO_ACCEL_REDIRECT_PREFIX). The machine is shared, so the servers
 * are measured in alternating rounds and the medians compared; server CPU per MiB (from
 * /proc) is printed too, as it moves less with the machine's load than throughput does.
 * Prints requests/s and throughput for each and the ratios to nginx (the aim is ≥ 0.95).
 *
 * Object storage: a fourth app process keeps the video in a bucket (s3rver, in a process of its
 * own on a free port, its bucket in the temporary folder); clients ask the app's signed link,
 * get a 302 to a presigned URL and fetch the range from the bucket, as a browser does. The
 * figure is the app's CPU per streamed GiB (from /proc), against the app streaming itself: it
 * pays for one access check and one signature per request, nothing per byte. s3rver's own
 * speed (a Node test double) is not the point and is only printed.
 *
 * `--database-url postgres://…/postgres` (or BENCH_DATABASE_URL) runs the apps on a scratch
 * database of that PostgreSQL server, as several app machines do, instead of the embedded
 * PGlite, whose queries run inside the app process and count as its CPU.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { chmodSync, createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { skipResponseBodies } from './lib/load';
import { loadAverage, saveSection, type Table } from './lib/report';
import { freePort } from './lib/server';

const FILE_BYTES = 100 * 1024 * 1024;
const STORAGE_KEY = 'bench/video-100mb.mp4';
const AUTH_SECRET = 'bench-secret-that-is-long-enough-0123456789';

type AutocannonResult = {
  requests: { average: number; total: number };
  throughput: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};
type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  requests: { method: string; setupRequest: (request: { headers: Record<string, string> }) => { headers: Record<string, string> } }[];
};
const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (options: AutocannonOptions) => Promise<AutocannonResult>;
// autocannon keeps every response body as a string (`body += chunk`), decoding the binary
// video bytes as UTF-8: with MB-sized bodies that caps the client near 20 MB/s here, so
// both servers would measure the client. The bench reads no body, so that bookkeeping goes.
skipResponseBodies();

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

function textArgument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

async function writeVideoFile(file: string) {
  await mkdir(path.dirname(file), { recursive: true });
  const out = createWriteStream(file);
  const chunk = randomBytes(1024 * 1024);
  for (let written = 0; written < FILE_BYTES; written += chunk.length) {
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/**
 * Child mode: the app with the given settings (on an in-memory database unless DATABASE_URL is
 * among them), printing its signed stream URL once listening. With object storage it first
 * copies the file into the bucket.
 */
async function serveApp(dataDir: string, port: number, settings: Record<string, string>) {
  // The AWS SDK reads this one from the environment itself: no notice about Node 20 on every start.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const { buildApp } = await import('../src/server/app');
  const { loadConfig } = await import('../src/server/config');
  const { openDatabase } = await import('../src/server/db/client');
  const { createStreamToken, deriveVideoUrlKey } = await import('../src/server/features/media');
  const env = { DATA_DIR: dataDir, AUTH_SECRET, LOG_LEVEL: 'silent', PORT: String(port), ...settings };
  const config = { ...loadConfig(env), webDistDir: undefined };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: 'memory://' });
  const app = await buildApp(config, { database, logger: false });
  if (config.s3) await app.videoStorage.putFile(path.join(dataDir, 'videos', ...STORAGE_KEY.split('/')), STORAGE_KEY, { contentType: 'video/mp4' });
  await app.listen({ port, host: '127.0.0.1' });
  // A signed link opens a video its user may watch: the file is one of the user's uploads.
  const { createUser } = await import('../src/server/db/factories');
  const { recordUpload } = await import('../src/server/features/media');
  const viewer = await createUser(database.db);
  const video = await recordUpload(database.db, { id: randomUUID(), ownerId: viewer.id, storageKey: STORAGE_KEY, sizeBytes: FILE_BYTES, width: 1280, height: 720, durationSeconds: 600 });
  const token = createStreamToken(deriveVideoUrlKey(AUTH_SECRET), 'stream', { kind: 'upload', videoId: video.id, userId: viewer.id, expiresAt: new Date(Date.now() + 3600_000) });
  process.stdout.write(`READY /api/videos/stream/${token}\n`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

/** Child mode: an S3-speaking server (s3rver, a test double) with the bench's bucket, printing the app's settings for it once listening. */
async function serveBucket(directory: string) {
  const { startS3Server } = await import('../test/helpers/s3-server');
  const server = await startS3Server(directory);
  process.stdout.write(`READY ${JSON.stringify(server.env)}\n`);
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

function waitForLine(child: ChildProcess, prefix: string, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`no "${prefix}" line within ${timeoutMs} ms`)), timeoutMs);
    child.stdout!.on('data', (data: Buffer) => {
      buffered += data.toString();
      const line = buffered.split('\n').find((candidate) => candidate.startsWith(prefix));
      if (line) {
        clearTimeout(timer);
        resolve(line.slice(prefix.length).trim());
      }
    });
    child.once('exit', (code) => reject(new Error(`process exited with ${code} before "${prefix}"`)));
  });
}

async function waitForHttp(url: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { headers: { range: 'bytes=0-0' } });
      await response.arrayBuffer();
      if (response.status === 206) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ACCEL_PREFIX = '/internal-videos/';

function nginxConfig(prefix: string, root: string, port: number, accelPort: number, appPort: number) {
  return `worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  types { video/mp4 mp4; }
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  # The file served straight from disk.
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { add_header Cache-Control "private, max-age=3600"; }
  }
  # The app behind nginx: the app checks the signed link, nginx sends the bytes.
  upstream app { server 127.0.0.1:${appPort}; keepalive 32; }
  server {
    listen 127.0.0.1:${accelPort};
    location /api/ {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
    }
    location ${ACCEL_PREFIX} { internal; alias ${root}/; }
  }
}
`;
}

function rangeRequest(rangeBytes: number) {
  const chunks = Math.floor(FILE_BYTES / rangeBytes);
  return {
    method: 'GET',
    // Each request asks for a different aligned slice, as a player seeking through the file does.
    setupRequest: (req: { headers: Record<string, string> }) => {
      const start = Math.floor(Math.random() * chunks) * rangeBytes;
      return { ...req, headers: { ...req.headers, range: `bytes=${start}-${start + rangeBytes - 1}` } };
    },
  };
}

async function measure(name: string, url: string, seconds: number, connections: number, rangeBytes: number) {
  const result = await autocannon({ url, connections, duration: seconds, requests: [rangeRequest(rangeBytes)] });
  if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result;
}

type RedirectedResult = { requests: number; bytes: number; seconds: number; appCpuMs: number };

/**
 * Clients as browsers: each asks the app's link for a range, follows the 302 to the bucket with
 * the same Range header and reads the bytes; `connections` of them at once for `seconds`.
 * `rangeBytes` 0 asks open-ended ranges (`bytes=<offset>-`, read to the end), as players do.
 */
async function measureRedirected(url: string, appPid: number, seconds: number, connections: number, rangeBytes: number): Promise<RedirectedResult> {
  const chunks = rangeBytes > 0 ? Math.floor(FILE_BYTES / rangeBytes) : 0;
  const rangeHeader = () => {
    if (rangeBytes === 0) return `bytes=${Math.floor(Math.random() * 100) * (FILE_BYTES / 100)}-`;
    const start = Math.floor(Math.random() * chunks) * rangeBytes;
    return `bytes=${start}-${start + rangeBytes - 1}`;
  };
  let requests = 0;
  let bytes = 0;
  const cpuBefore = cpuMs(appPid);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const range = rangeHeader();
        const redirect = await fetch(url, { redirect: 'manual', headers: { range } });
        await redirect.arrayBuffer();
        if (redirect.status !== 302) throw new Error(`the app answered ${redirect.status}, not a redirect`);
        const object = await fetch(redirect.headers.get('location')!, { headers: { range } });
        if (object.status !== 206) throw new Error(`the bucket answered ${object.status}`);
        const reader = object.body!.getReader();
        for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
        requests += 1;
      }
    }),
  );
  return { requests, bytes, seconds: (performance.now() - started) / 1000, appCpuMs: cpuMs(appPid) - cpuBefore };
}

/** A scratch database on the PostgreSQL server for the apps, dropped at the end. */
async function scratchDatabase(serverUrl: string) {
  const name = `bench_stream_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** CPU time (user + system, ms) a process has used so far; Linux /proc, 100 ticks a second. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const nginxWorkers = (masterPid: number) =>
  readFileSync(`/proc/${masterPid}/task/${masterPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  const loadAtStart = loadAverage();
  const seconds = argument('seconds', Number(process.env.BENCH_DURATION ?? 5));
  const connections = argument('connections', 8);
  const rangeBytes = argument('range-kib', 1024) * 1024;
  const rounds = argument('rounds', 5);
  const databaseServer = textArgument('database-url') ?? process.env.BENCH_DATABASE_URL;

  const dir = mkdtempSync(path.join(tmpdir(), 'bench-stream-'));
  // nginx's worker may run as another user (nobody when started as root): let it read the file.
  chmodSync(dir, 0o755);
  const children: ChildProcess[] = [];
  const database = databaseServer ? await scratchDatabase(databaseServer) : undefined;
  const databaseSettings: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
  try {
    const videoRoot = path.join(dir, 'data', 'videos');
    const file = path.join(videoRoot, ...STORAGE_KEY.split('/'));
    await writeVideoFile(file);

    const startApp = async (settings: Record<string, string>) => {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve-app', path.join(dir, 'data'), String(port), JSON.stringify({ ...databaseSettings, ...settings })], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      return { port, pid: child.pid!, path: await waitForLine(child, 'READY ', 180_000) };
    };
    const direct = await startApp({});
    const behind = await startApp({ VIDEO_ACCEL_REDIRECT_PREFIX: ACCEL_PREFIX });
    const bucketProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve-bucket', path.join(dir, 'bucket')], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(bucketProcess);
    const bucketSettings = JSON.parse(await waitForLine(bucketProcess, 'READY ')) as Record<string, string>;
    const fromBucket = await startApp(bucketSettings);

    const nginxPort = await freePort();
    const accelPort = await freePort();
    const nginxPrefix = path.join(dir, 'nginx');
    await mkdir(nginxPrefix, { recursive: true });
    writeFileSync(path.join(nginxPrefix, 'nginx.conf'), nginxConfig(nginxPrefix, videoRoot, nginxPort, accelPort, behind.port));
    const nginxProcess = spawn('nginx', ['-p', nginxPrefix, '-c', path.join(nginxPrefix, 'nginx.conf')], { stdio: 'inherit' });
    children.push(nginxProcess);
    const targets = {
      app: `http://127.0.0.1:${direct.port}${direct.path}`,
      nginx: `http://127.0.0.1:${nginxPort}/${STORAGE_KEY}`,
      'app+nginx': `http://127.0.0.1:${accelPort}${behind.path}`,
    };
    for (const url of Object.values(targets)) await waitForHttp(url);
    const workers = nginxWorkers(nginxProcess.pid!);
    // Whose CPU each measurement costs: the server processes that do its work.
    const pids: Record<keyof typeof targets, number[]> = { app: [direct.pid], nginx: workers, 'app+nginx': [behind.pid, ...workers] };

    console.log(
      `${database ? 'apps on a PostgreSQL server' : 'apps on the embedded PGlite (in-process)'}; 100 MB file, ${rangeBytes / 1024} KiB ranges at random offsets, ${connections} connections, ` +
        `${rounds} alternating rounds of ${seconds} s per server (other work on the machine hits both alike)\n`,
    );
    type Name = keyof typeof targets;
    const names = Object.keys(targets) as Name[];
    for (const name of names) await measure(name, targets[name], 2, connections, rangeBytes); // warm-up
    const results = Object.fromEntries(names.map((name) => [name, [] as AutocannonResult[]])) as Record<Name, AutocannonResult[]>;
    const cpuPerMib = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Name, number[]>;
    const mib = (bytes: number) => (bytes / 1024 ** 2).toFixed(0).padStart(5);
    for (let round = 1; round <= rounds; round++) {
      // Rotate who goes first, so no server always gets the quieter moment.
      const order = names.map((_, index) => names[(index + round) % names.length]!);
      for (const name of order) {
        const cpuBefore = pids[name].reduce((sum, pid) => sum + cpuMs(pid), 0);
        const result = await measure(name, targets[name], seconds, connections, rangeBytes);
        const cpu = pids[name].reduce((sum, pid) => sum + cpuMs(pid), 0) - cpuBefore;
        results[name].push(result);
        cpuPerMib[name].push(cpu / (result.throughput.total / 1024 ** 2));
      }
      const nginx = results.nginx.at(-1)!.throughput.average;
      console.log(
        `round ${round}: ` +
          names.map((name) => `${name} ${mib(results[name].at(-1)!.throughput.average)} MiB/s`).join(' | ') +
          ` | ratios app ${(results.app.at(-1)!.throughput.average / nginx).toFixed(2)}, app+nginx ${(results['app+nginx'].at(-1)!.throughput.average / nginx).toFixed(2)}`,
      );
    }
    const ratioOf = (name: Name) => median(results[name].map((run, index) => run.throughput.average / results.nginx[index]!.throughput.average));
    const table: Table = {
      title: `medians of ${rounds} rounds of ${seconds} s`,
      columns: ['server', 'MiB/s', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/MiB', '× nginx (throughput)'],
      rows: names.map((name) => {
        const runs = results[name];
        return [
          name,
          median(runs.map((run) => run.throughput.average / 1024 ** 2)).toFixed(0),
          median(runs.map((run) => run.requests.average)).toFixed(0),
          median(runs.map((run) => run.latency.p50)),
          median(runs.map((run) => run.latency.p99)),
          median(cpuPerMib[name]).toFixed(2),
          ratioOf(name).toFixed(2),
        ];
      }),
    };
    // Object storage: the app's CPU per GiB the clients received from the bucket through its redirects.
    const bucketUrl = `http://127.0.0.1:${fromBucket.port}${fromBucket.path}`;
    await measureRedirected(bucketUrl, fromBucket.pid, 2, connections, rangeBytes); // warm-up
    const patterns = [
      { name: `${rangeBytes / 1024} KiB ranges`, rangeBytes },
      { name: 'open-ended ranges (as players ask)', rangeBytes: 0 },
    ];
    const perGib = (cpu: number, bytes: number) => cpu / (bytes / 1024 ** 3);
    const appSelfPerGib = median(cpuPerMib.app) * 1024;
    // The app's own cost per redirect, at full speed (autocannon, the bucket not asked): s3rver is
    // slow, so during the end-to-end runs the app mostly idles and its background work (timers,
    // the database's notifications) would be counted against the few requests it answers.
    const redirectCosts: number[] = [];
    let redirectsPerSecond = 0;
    for (let round = 1; round <= rounds; round++) {
      const cpuBefore = cpuMs(fromBucket.pid);
      const result = (await autocannon({ url: bucketUrl, connections, duration: seconds, requests: [rangeRequest(rangeBytes)] })) as AutocannonResult & { '3xx': number };
      if (result['3xx'] !== result.requests.total || result.errors) throw new Error(`S3 redirects: ${result['3xx']} of ${result.requests.total} were redirects, ${result.errors} errors`);
      redirectCosts.push((cpuMs(fromBucket.pid) - cpuBefore) / result.requests.total);
      redirectsPerSecond = Math.max(redirectsPerSecond, result.requests.average);
    }
    const perRedirect = median(redirectCosts);
    const bucketRows: (string | number)[][] = [
      [`app streams itself (local disk), ${rangeBytes / 1024} KiB ranges`, median(results.app.map((run) => run.throughput.average / 1024 ** 2)).toFixed(0), median(results.app.map((run) => run.requests.average)).toFixed(0), appSelfPerGib.toFixed(0), (appSelfPerGib / (1024 ** 3 / rangeBytes)).toFixed(2), '1.000'],
      [
        `S3: the app's redirects alone, at full speed (${rangeBytes / 1024} KiB ranges: ${1024 ** 3 / rangeBytes} per GiB)`,
        '',
        redirectsPerSecond.toFixed(0),
        (perRedirect * (1024 ** 3 / rangeBytes)).toFixed(0),
        perRedirect.toFixed(3),
        ((perRedirect * (1024 ** 3 / rangeBytes)) / appSelfPerGib).toFixed(3),
      ],
    ];
    for (const pattern of patterns) {
      const runs: RedirectedResult[] = [];
      for (let round = 1; round <= rounds; round++) runs.push(await measureRedirected(bucketUrl, fromBucket.pid, seconds, connections, pattern.rangeBytes));
      const cpuPerGib = median(runs.map((run) => perGib(run.appCpuMs, run.bytes)));
      const cpuPerRequest = median(runs.map((run) => run.appCpuMs / run.requests));
      console.log(`S3, ${pattern.name}: app CPU ${cpuPerGib.toFixed(0)} ms/GiB (${cpuPerRequest.toFixed(2)} ms per redirect)`);
      bucketRows.push([
        `S3 end to end, ${pattern.name} (app idle most of the time)`,
        median(runs.map((run) => run.bytes / 1024 ** 2 / run.seconds)).toFixed(0),
        median(runs.map((run) => run.requests / run.seconds)).toFixed(0),
        cpuPerGib.toFixed(0),
        cpuPerRequest.toFixed(2),
        (cpuPerGib / appSelfPerGib).toFixed(3),
      ]);
    }
    const bucketTable: Table = {
      title: `object storage: the app's CPU per streamed GiB (medians of ${rounds} runs of ${seconds} s; MiB/s is s3rver's, a test double)`,
      columns: ['how the bytes go', 'MiB/s', 'req/s', 'app CPU ms/GiB', 'app CPU ms/request', '× app streaming itself'],
      rows: bucketRows,
    };
    saveSection({
      name: 'stream',
      title: 'Video streaming against nginx, and from object storage',
      facts: [
        `100 MB file, ${rangeBytes / 1024} KiB ranges at random offsets, ${connections} connections, rounds alternating between servers`,
        database ? 'apps on a scratch database of the PostgreSQL server on this machine' : 'apps on the embedded PGlite database (its queries run in the app process)',
        ...(['app', 'app+nginx'] as const).map((name) => `${name} / nginx: ${ratioOf(name).toFixed(2)} (aim ≥ 0.95 ${ratioOf(name) >= 0.95 ? 'met' : 'not met'})`),
        `app+nginx / nginx in server CPU per MiB (steadier than throughput on a busy machine): ${(median(cpuPerMib.nginx) / median(cpuPerMib['app+nginx'])).toFixed(2)}`,
        `S3: the app spends ${perRedirect.toFixed(3)} ms of CPU per redirect, ${bucketRows[1]![3]} ms per GiB in ${rangeBytes / 1024} KiB ranges (against ${appSelfPerGib.toFixed(0)} ms streaming the bytes itself), ${bucketRows[3]![3]} ms per GiB end to end with open-ended ranges`,
      ],
      tables: [table, bucketTable],
      loadAtStart,
    });
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve-app') {
  void serveApp(process.argv[3]!, Number(process.argv[4]), JSON.parse(process.argv[5] ?? '{}') as Record<string, string>);
} else if (process.argv[2] === '--serve-bucket') {
  void serveBucket(process.argv[3]!);
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
