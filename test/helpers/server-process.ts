import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';

export const PROCESS_AUTH_SECRET = 'process-test-secret-that-is-long-enough-0123456789';

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  url: string;
  /** The address users reach it at, which better-auth checks the Origin header against. */
  origin: string;
  /** Every JSON log line the process wrote (pino, on stdout), parsed. */
  logs: { level: number; msg?: string; [key: string]: unknown }[];
  /** What it wrote to stderr (crashes and uncaught errors end up here). */
  stderr: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  isAlive: () => boolean;
  /** Sends SIGTERM and waits for the exit code. */
  stop: () => Promise<number | null>;
};

/** pino's level number for `error`: a log at this level or above is an error. */
export const ERROR_LEVEL = 50;

/**
 * Starts the real server (`src/server/main.ts`) as its own OS process on `port`, with the
 * given settings on top of quiet test defaults, and waits until it answers /api/ready.
 */
export async function startServerProcess(port: number, env: Record<string, string>, readyTimeoutMs = 120_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: PROCESS_AUTH_SECRET,
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: ServerProcess['logs'] = [];
  let pending = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        logs.push(JSON.parse(line) as ServerProcess['logs'][number]);
      } catch {
        logs.push({ level: 30, msg: line });
      }
    }
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    port,
    url,
    // Processes behind one load balancer share one public address (PUBLIC_URL), which browsers send as Origin.
    origin: env.PUBLIC_URL ?? `http://localhost:${port}`,
    logs,
    stderr: () => stderr,
    exited,
    isAlive: () => exitCode === undefined,
    stop: async () => {
      if (exitCode === undefined) child.kill('SIGTERM');
      return exited;
    },
  };

  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (!server.isAlive()) throw new Error(`server on port ${port} exited with ${exitCode} before it was ready:\n${stderr}`);
    try {
      const response = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(5000) });
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`server on port ${port} did not become ready:\n${stderr}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Session cookies from a fetch response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesOf(response: Response): string {
  return cookieHeaderOf(response.headers);
}

export function cookieHeaderOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

export type Answer = { status: number; body: unknown; headers: Headers };

type CallOptions = {
  method?: string;
  cookie?: string;
  /** JSON body. */
  json?: unknown;
  /** Form body (`application/x-www-form-urlencoded`). */
  form?: Record<string, string>;
  /** The client's address as a trusted proxy on this machine reports it (sign-in rate limits count per address). */
  clientIp?: string;
  timeoutMs?: number;
};

/** One HTTP request to a server process, answered with its status, parsed JSON body (or text) and headers. */
export async function call(server: Pick<ServerProcess, 'url' | 'origin'>, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { origin: server.origin };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.clientIp) headers['x-forwarded-for'] = options.clientIp;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const response = await fetch(`${server.url}${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  if (response.headers.get('content-type')?.includes('application/json')) {
    try {
      parsed = JSON.parse(text);
    } catch {
      // left as text
    }
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

export type ProcessUser = { id: string; email: string; password: string; cookie: string };

export const PROCESS_TEST_PASSWORD = 'Passw0rd12';

let ipSequence = 0;
/** A client address of its own per call, so the per-address sign-up and sign-in limits never get in the way. */
export const nextClientIp = () => {
  ipSequence += 1;
  return `10.${(process.pid >> 8) & 255}.${(ipSequence >> 8) & 255}.${ipSequence & 255}`;
};

/** Signs a new user up through the server process and keeps the session cookie. */
export async function signUpThrough(server: Pick<ServerProcess, 'url' | 'origin'>, email = `process-${randomUUID().slice(0, 8)}@example.com`): Promise<ProcessUser> {
  const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: server.origin, 'content-type': 'application/json', 'x-forwarded-for': nextClientIp() },
    body: JSON.stringify({ email, password: PROCESS_TEST_PASSWORD }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json()) as { user?: { id: string } };
  if (response.status !== 200 || !body.user) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(body)}`);
  return { id: body.user.id, email, password: PROCESS_TEST_PASSWORD, cookie: cookiesOf(response) };
}

/** Whether a body is the API's one error shape, `{ error: { code, message } }`, with the given code. */
export function isErrorShape(body: unknown, code?: string): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code: actual, message } = error as { code?: unknown; message?: unknown };
  return typeof actual === 'string' && typeof message === 'string' && message.length > 0 && (code === undefined || actual === code);
}
