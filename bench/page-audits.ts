/**
 * Lighthouse with its own mobile defaults (simulated throttling: a slow 4G link and a 4× CPU
 * slowdown) on the six public pages, which the server renders: home, the catalogue, a course page,
 * sign-up, about and contact. Goals (issue 32): performance ≥ 90 and TBT ≤ 200 ms, median of 3;
 * accessibility, best practices and SEO 100; each page's initial JavaScript and first-paint CSS
 * within its budget.
 *
 * Expects `npm run build` done; builds nothing itself. Starts the real server
 * (`src/server/main.ts`) on a fresh embedded database with the demo data, in which the audited
 * course (the listing's first) has the largest curriculum allowed (50 sections, 300 lessons: the
 * page must meet its gates with it, issue 28), audits each page in
 * Debian's chromium (three runs by default), prints a table and writes every figure to
 * bench/results/lighthouse.json.
 *
 * Exits non-zero (CI runs it) on what a run measures the same way on any machine, busy or
 * quiet: accessibility, best practices or SEO below 100 in any run, a page's initial JavaScript or
 * first-paint CSS over its budget, or any request that blocks the first render. The long
 * main-thread tasks (50 ms or more once Lighthouse's own 4× CPU slowdown is applied, counted in
 * the median run: what a phone would feel as jank, counted rather than timed) are printed: one
 * quiet run found 12–20 a page (2026-11-29), too few runs yet to know how far the count moves
 * between runs, so not yet a gate. The performance score and the Total Blocking Time are printed beside the goal
 * (≥ 90, ≤ 200 ms) and never gate: Lighthouse simulates a slow phone from a trace taken on this
 * machine, so the same page scores 56–99 with the load of the day, and a gate low enough to pass
 * a busy run (it was 50 and 3,000 ms) passes a page no one would accept. Judge them on a quiet
 * machine, median of 3 (`npm run audit:pages`, bench/results/lighthouse.json).
 *
 * Initial JavaScript: every script the browser fetched while Lighthouse loaded the page, from
 * navigation until the network and the main thread went quiet, with no user input (Lighthouse's
 * own network records); so it counts the route's lazy chunk and anything else the page pulls in
 * by itself, but not the code of dialogs or pages that wait for a click. Each script is sized as
 * gzip -9 of its bytes, the same measure as bench/home-bundle.ts, so the figure does not move
 * with the server's choice of encoding; the bytes actually sent (brotli when the browser
 * accepts it, headers included) are reported beside it.
 *
 *   npm run audit:pages [-- --port 3240] [--runs 1] [--calibrated-runs 0] [--pages home,allCourses,course,register] [--html]
 *
 * `--runs N` audits each page N times and keeps the run with the median performance score (the
 * other categories gate on their worst run); `--html` also writes each Lighthouse report as HTML
 * under .tmp/audit-pages/ (the full JSON reports are always written there).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { hash } from '@node-rs/argon2';
import { openDatabase, pgliteDirFor } from '../src/server/db/client';
import { seedDemoData } from '../src/server/db/seed';
import { listCourses } from '../src/server/features/catalog';
import { courseListQuery } from '../src/shared/schemas/catalog';
import { growLongCurriculum } from './lib/long-curriculum';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.AUDIT_PORT ?? '3240' },
    runs: { type: 'string', default: '3' },
    'calibrated-runs': { type: 'string', default: '1' },
    pages: { type: 'string', default: 'home,allCourses,course,register,about,contact' },
    html: { type: 'boolean', default: false },
    out: { type: 'string', default: 'bench/results/lighthouse.json' },
  },
});

const port = Number(args.port);
const runs = Math.max(1, Number(args.runs));
const calibratedRuns = Math.max(0, Number(args['calibrated-runs']));
const baseUrl = `http://localhost:${port}`;
const workDir = path.resolve('.tmp/audit-pages');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A main-thread task this long or longer, after Lighthouse's 4× CPU slowdown, is a long task (Lighthouse's own threshold). */
const LONG_TASK_MS = 50;

/**
 * Gzipped KB of initial JavaScript allowed per page: the figures measured when they were set,
 * plus about 5%. Every page shares the app shell (React, React Router, the Mantine core, i18next,
 * TanStack Query: about 155 KB) and the visitor's catalogue (7 KB); the listing adds its filters
 * (the combobox and floating-ui) and zod, which parses its query string with the API's own
 * schema; the sign-up page adds zod for its form.
 */
const pages = {
  home: { path: () => '/', budgetKb: 189, cssBudgetKb: 10 }, // 188.0 KB (2026-11-29): 0.7 KB more on every page with the shared texts of the public forms' notices, the partly-refunded status and the one coupon answer; 187.0 KB (2026-11-26); 175.1 KB; 180.5 KB with the coupons' texts (cart, errors) and the links' reader; 186.8 KB with the storefront's hero, figures and categories and the sign-in intents' texts; CSS 8.5 KB
  allCourses: { path: () => '/allcourses', budgetKb: 229, cssBudgetKb: 11 }, // 228.5 KB (2026-11-29, the shared texts as on home); 227.1 KB (2026-11-26); 221.1 KB; CSS 10.0 KB
  // 178.9 KB; 185.6 KB with the curriculum block and its texts; 247.0 KB with the accessible player (its code, menus and texts, ~60 KB) that the intro loads once hydrated: loading it on the first press of the intro's play button is the next step (issue 32's hydration budget); CSS 8.6 KB
  // 247.3 KB with the hydration's session read (issue 32).
  course: { path: (courseId: number) => `/course/${courseId}`, budgetKb: 249, cssBudgetKb: 10 }, // 248.3 KB (2026-11-29, the shared texts as on home)
  register: { path: () => '/register', budgetKb: 214, cssBudgetKb: 11 }, // 212.9 KB (2026-11-29, the shared texts as on home, and the form's notices); 211.7 KB (2026-11-26); 203.7 KB; 211.4 KB with the sign-in mode and the line naming the pending action; CSS 9.5 KB
  about: { path: () => '/about', budgetKb: 181, cssBudgetKb: 10 }, // 179.8 KB (2026-11-29): its texts are a part of their own, no longer the whole back office's; 186.9 KB (2026-11-29, the shared texts as on home); 186.0 KB (2026-11-26); 174.6 KB; 181.4 KB with the certificates' and the lessons' texts in the core catalogue; 183.5 KB with the coupons' texts (core, and the back office's it loads); 185.8 KB with the sign-in intents' texts; CSS 8.3 KB
  contact: { path: () => '/contact', budgetKb: 211, cssBudgetKb: 10 }, // 210.0 KB (2026-11-29, the shared texts as on home, and the form's notices); 208.9 KB (2026-11-26); 201.5 KB; CSS 8.9 KB
} satisfies Record<string, { path: (courseId: number) => string; budgetKb: number; cssBudgetKb: number }>;
type PageKey = keyof typeof pages;

const GATED = ['accessibility', 'best-practices', 'seo'] as const;
const CATEGORIES = ['performance', ...GATED] as const;
type Category = (typeof CATEGORIES)[number];
/**
 * The issue's goal for every public page (issue 32), under Lighthouse's own mobile defaults
 * (simulated throttling, 4× CPU slowdown), median of the runs: printed as a warning when missed;
 * the gates below are what CI enforces.
 */
const PERFORMANCE_TARGET = 90;
const TOTAL_BLOCKING_TIME_TARGET_MS = 200;

/**
 * The extra line: the same page as a fixed phone would run it, as DevTools' CPU calibration does:
 * a benchmark index of 500 (what the 4× of the defaults makes of a quiet desktop of index
 * 2,000). Its slowdown is the host's index, as measured by the run before, over 500, between 1
 * and 4, so it reads lower than the defaults on a slow host. Printed, not gated.
 */
const EMULATED_PHONE_INDEX = 500;
let hostBenchmarkIndex: number | undefined;
const calibratedSlowdown = () => Math.min(4, Math.max(1, (hostBenchmarkIndex ?? 4 * EMULATED_PHONE_INDEX) / EMULATED_PHONE_INDEX));

// The machine has no internet: nothing in the browser may try to reach it.
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const requested = args.pages.split(',').map((name) => name.trim()).filter(Boolean);
const unknown = requested.filter((name) => !(name in pages));
if (unknown.length) {
  console.error(`Unknown page(s): ${unknown.join(', ')}. Available: ${Object.keys(pages).join(', ')}`);
  process.exit(2);
}
if (!existsSync('dist/web/index.html')) {
  console.error('dist/web/index.html is missing: run `npm run build` first.');
  process.exit(2);
}

const dataDir = path.join(workDir, 'data');

/**
 * A fresh database with the demo data, in which the course the audits open (the listing's first)
 * has 300 lessons in 50 sections. Made before the server starts, which then finds the demo data
 * there and seeds nothing.
 */
async function prepareData(): Promise<void> {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const database = await openDatabase({ databaseUrl: undefined, pgliteDir: pgliteDirFor(dataDir) });
  try {
    await seedDemoData(database.db, { hashPassword: (plain) => hash(plain) });
    const [first] = (await listCourses(database.db, courseListQuery.parse({}))).items;
    if (!first) throw new Error('the demo catalogue has no course');
    await growLongCurriculum(database.db, first.id);
  } finally {
    await database.close();
  }
}

function startServer(): ChildProcess {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'page-audits-secret-that-is-long-enough-0123456789',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return server;
}

async function waitUntilReady(server: ChildProcess) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/ready`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server was not ready within 180 s');
}

async function firstCourseId() {
  const response = await fetch(`${baseUrl}/api/courses`);
  if (!response.ok) throw new Error(`GET /api/courses answered ${response.status}`);
  const body = (await response.json()) as { items: { id: number }[] };
  const course = body.items[0];
  if (!course) throw new Error('the demo catalogue has no course');
  return course.id;
}

type ScriptRecord = { url: string; transferBytes: number; gzipBytes: number };

type NetworkItem = { url: string; resourceType?: string; mimeType?: string; transferSize?: number; statusCode?: number };

/** The scripts of one load, each with its gzip -9 size (fetched again, uncompressed, to measure). */
async function initialScripts(lhr: Result): Promise<ScriptRecord[]> {
  const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  const scripts = (details?.items ?? []).filter(
    (item) => item.statusCode !== undefined && item.statusCode < 400 && (item.resourceType === 'Script' || /javascript/.test(item.mimeType ?? '')),
  );
  const seen = new Map<string, ScriptRecord>();
  for (const item of scripts) {
    if (seen.has(item.url)) continue;
    const response = await fetch(item.url, { headers: { 'accept-encoding': 'identity' } });
    const bytes = Buffer.from(await response.arrayBuffer());
    seen.set(item.url, { url: item.url, transferBytes: item.transferSize ?? 0, gzipBytes: gzipSync(bytes, { level: 9 }).length });
  }
  return [...seen.values()];
}

/**
 * The CSS a page needs before it paints: its inline styles (the rules the server picked for it and
 * the theme's variables) and any stylesheet that blocks rendering (not deferred with media="print").
 * gzip -9, as the JavaScript.
 */
async function firstPaintCssKb(url: string): Promise<number> {
  const html = await (await fetch(url, { headers: { 'accept-language': 'es' } })).text();
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) => css!).join('');
  const blocking = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map(([tag]) => tag).filter((tag) => !/media="print"/.test(tag));
  const sheets = await Promise.all(
    blocking.map(async (tag) => (await fetch(new URL(/href="([^"]+)"/.exec(tag)![1]!, url), { headers: { 'accept-encoding': 'identity' } })).text()),
  );
  return gzipSync(Buffer.from(inline + sheets.join('')), { level: 9 }).length / 1024;
}

type AuditItems = { items?: { url?: string; duration?: number }[] };

/** The render-blocking requests of one load (Lighthouse 12 reports them under either audit id). */
function renderBlockingRequests(lhr: Result): string[] {
  const audit = lhr.audits['render-blocking-resources'] ?? lhr.audits['render-blocking-insight'];
  const items = (audit?.details as AuditItems | undefined)?.items ?? [];
  return items.map((item) => item.url).filter((url): url is string => Boolean(url));
}

/**
 * Lighthouse's long-tasks audit: top-level main-thread tasks of 50 ms or more, their durations
 * already multiplied by the simulated CPU slowdown.
 */
function longTasks(lhr: Result): { count: number; durationsMs: number[] } {
  const items = (lhr.audits['long-tasks']?.details as AuditItems | undefined)?.items ?? [];
  const durationsMs = items.map((item) => Math.round(item.duration ?? 0)).filter((duration) => duration >= LONG_TASK_MS);
  return { count: durationsMs.length, durationsMs };
}

type FailedAudit = { id: string; title: string; score: number | null; displayValue?: string };

type PageResult = {
  page: PageKey;
  lighthouseVersion: string;
  url: string;
  scores: Record<Category, number>;
  performanceRuns: number[];
  totalBlockingTimeRunsMs: number[];
  /** Median Total Blocking Time of the runs (the metrics are the median-scoring run's). */
  totalBlockingTimeMs: number;
  /** The extra line: the calibrated phone (a CPU slowdown of the host's index over 500), not gated. */
  calibrated?: { cpuSlowdown: number; performanceRuns: number[]; performance: number; totalBlockingTimeMs: number };
  metrics: Record<string, number | undefined>;
  initialJs: { gzipKb: number; transferKb: number; budgetKb: number; scripts: ScriptRecord[] };
  firstPaintCss: { gzipKb: number; budgetKb: number };
  /** Requests that block the first render (Lighthouse's render-blocking audit), in the median run. */
  renderBlocking: string[];
  /** Main-thread tasks of LONG_TASK_MS or more under Lighthouse's CPU slowdown, in the median run. */
  longTasks: { count: number; durationsMs: number[] };
  failedAudits: Partial<Record<Category, FailedAudit[]>>;
};

const score = (lhr: Result, category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The audits of a category that did not pass (weighted ones first; for performance, only those). */
function failedAudits(lhr: Result, category: Category): FailedAudit[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => (category === 'performance' ? ref.weight > 0 || ref.group === 'diagnostics' || ref.group === 'load-opportunities' : true))
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => audit.score !== null && audit.score < (audit.scoreDisplayMode === 'metricSavings' ? 1 : 0.9) && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'manual')
    .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue }));
}

/** Runtime errors (a trace with no navigation start, say) come and go on a loaded machine: tried up to 3 times. */
async function runLighthouse(url: string, flags: Flags, { calibrated = false } = {}) {
  for (let attempt = 1; ; attempt++) {
    // Without `throttling`, Lighthouse applies its mobile defaults (simulated, 4× CPU slowdown).
    const result = await lighthouse(url, calibrated ? { ...flags, throttling: { cpuSlowdownMultiplier: calibratedSlowdown() } } : flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    hostBenchmarkIndex = result.lhr.environment.benchmarkIndex || hostBenchmarkIndex;
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${error.code} ${error.message}`);
    console.warn(`Lighthouse failed on ${url} (${error.code}); trying again`);
  }
}

async function auditPage(port: number, page: PageKey, url: string): Promise<PageResult> {
  const flags: Flags = {
    port,
    output: args.html ? ['json', 'html'] : 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // The mobile preset is Lighthouse's default: a mid-range phone on a slow 4G link (simulated).
    formFactor: 'mobile',
  };
  const lhrs: Result[] = [];
  const medianOf = (results: Result[]) => [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor((results.length - 1) / 2)]!;
  const tbt = (lhr: Result) => lhr.audits['total-blocking-time']?.numericValue ?? 0;
  const medianValue = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  for (let run = 1; run <= runs; run++) {
    const result = await runLighthouse(url, flags);
    // The whole report, to look into an audit: the summary below keeps only what failed.
    writeFileSync(path.join(workDir, `${page}-${run}.json`), JSON.stringify(result.lhr));
    if (args.html && Array.isArray(result.report)) writeFileSync(path.join(workDir, `${page}-${run}.html`), result.report[1]!);
    lhrs.push(result.lhr);
  }
  const median = medianOf(lhrs);
  const calibratedLhrs: Result[] = [];
  let calibratedSlowdownUsed = calibratedSlowdown();
  for (let run = 1; run <= calibratedRuns; run++) {
    calibratedSlowdownUsed = calibratedSlowdown();
    const result = await runLighthouse(url, flags, { calibrated: true });
    writeFileSync(path.join(workDir, `${page}-calibrated-${run}.json`), JSON.stringify(result.lhr));
    calibratedLhrs.push(result.lhr);
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, category === 'performance' ? score(median, category) : Math.min(...lhrs.map((lhr) => score(lhr, category)))]),
  ) as Record<Category, number>;
  const worstOf = (category: Category) => lhrs.find((lhr) => score(lhr, category) === scores[category]) ?? median;
  const scripts = await initialScripts(median);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const metric = (id: string) => median.audits[id]?.numericValue;
  return {
    page,
    lighthouseVersion: median.lighthouseVersion,
    url,
    scores,
    performanceRuns: lhrs.map((lhr) => score(lhr, 'performance')),
    totalBlockingTimeRunsMs: lhrs.map((lhr) => Math.round(tbt(lhr))),
    totalBlockingTimeMs: Math.round(medianValue(lhrs.map(tbt))),
    ...(calibratedLhrs.length
      ? {
          calibrated: {
            cpuSlowdown: Number(calibratedSlowdownUsed.toFixed(2)),
            performanceRuns: calibratedLhrs.map((lhr) => score(lhr, 'performance')),
            performance: score(medianOf(calibratedLhrs), 'performance'),
            totalBlockingTimeMs: Math.round(medianValue(calibratedLhrs.map(tbt))),
          },
        }
      : {}),
    metrics: {
      firstContentfulPaintMs: metric('first-contentful-paint'),
      largestContentfulPaintMs: metric('largest-contentful-paint'),
      totalBlockingTimeMs: metric('total-blocking-time'),
      cumulativeLayoutShift: metric('cumulative-layout-shift'),
      speedIndexMs: metric('speed-index'),
      // Lighthouse's measure of how fast this machine ran at the time (a quiet desktop is
      // ~1500-2500): a low one explains a low performance score.
      benchmarkIndex: median.environment.benchmarkIndex,
    },
    firstPaintCss: { gzipKb: await firstPaintCssKb(url), budgetKb: pages[page].cssBudgetKb },
    renderBlocking: renderBlockingRequests(median),
    longTasks: longTasks(median),
    initialJs: {
      gzipKb: sum(scripts.map((script) => script.gzipBytes)) / 1024,
      transferKb: sum(scripts.map((script) => script.transferBytes)) / 1024,
      budgetKb: pages[page].budgetKb,
      scripts,
    },
    failedAudits: Object.fromEntries(CATEGORIES.map((category) => [category, failedAudits(category === 'performance' ? median : worstOf(category), category)])),
  };
}

function printTable(results: PageResult[]) {
  const header = ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'initial JS (gzip KB / budget)', 'sent KB', 'first-paint CSS (KB / budget)', 'blocking', 'long tasks', 'LCP ms', 'TBT ms', 'CPU index'];
  const rows = results.map((result) => [
    new URL(result.url).pathname,
    `${result.scores.performance}${runs > 1 ? ` (${result.performanceRuns.join(',')})` : ''}${result.scores.performance < PERFORMANCE_TARGET ? ' !' : ''}`,
    String(result.scores.accessibility),
    String(result.scores['best-practices']),
    String(result.scores.seo),
    `${result.initialJs.gzipKb.toFixed(1)} / ${result.initialJs.budgetKb}${result.initialJs.gzipKb > result.initialJs.budgetKb ? ' OVER' : ''}`,
    result.initialJs.transferKb.toFixed(1),
    `${result.firstPaintCss.gzipKb.toFixed(1)} / ${result.firstPaintCss.budgetKb}${result.firstPaintCss.gzipKb > result.firstPaintCss.budgetKb ? ' OVER' : ''}`,
    String(result.renderBlocking.length),
    String(result.longTasks.count),
    String(Math.round(result.metrics.largestContentfulPaintMs ?? 0)),
    `${result.totalBlockingTimeMs}${runs > 1 ? ` (${result.totalBlockingTimeRunsMs.join(',')})` : ''}${result.totalBlockingTimeMs > TOTAL_BLOCKING_TIME_TARGET_MS ? ' !' : ''}`,
    String(Math.round(result.metrics.benchmarkIndex ?? 0)),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
  const calibrated = results.filter((result) => result.calibrated);
  if (calibrated.length) {
    console.log(`\ncalibrated phone (CPU index ${EMULATED_PHONE_INDEX}; not gated):`);
    for (const result of calibrated) {
      const { cpuSlowdown, performance, performanceRuns, totalBlockingTimeMs } = result.calibrated!;
      console.log(`  ${new URL(result.url).pathname}  performance ${performance}${performanceRuns.length > 1 ? ` (${performanceRuns.join(',')})` : ''}  TBT ${totalBlockingTimeMs} ms  CPU slowdown ${cpuSlowdown}×`);
    }
  }
}

async function main() {
  const started = Date.now();
  await prepareData();
  const server = startServer();
  const stopServer = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  process.once('exit', stopServer);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitUntilReady(server);
    const courseId = await firstCourseId();
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'error' });
    const results: PageResult[] = [];
    // A first run measures the host, so that every counted run emulates the same phone.
    await runLighthouse(`${baseUrl}${pages[requested[0] as PageKey].path(courseId)}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], formFactor: 'mobile' });
    const loadAverage = () => os.loadavg().map((load) => load.toFixed(2)).join(' ');
    const loadAtStart = loadAverage();
    for (const page of requested as PageKey[]) {
      const url = `${baseUrl}${pages[page].path(courseId)}`;
      console.log(`auditing ${url} (Lighthouse's defaults; load average ${loadAverage()})…`);
      results.push(await auditPage(chrome.port, page, url));
    }

    console.log('');
    printTable(results);
    const problems: string[] = [];
    for (const result of results) {
      for (const category of CATEGORIES) {
        const failed = result.failedAudits[category] ?? [];
        const below = category === 'performance' ? result.scores.performance < PERFORMANCE_TARGET : result.scores[category] < 100;
        if (!below || !failed.length) continue;
        console.log(`\n${new URL(result.url).pathname} ${category}:`);
        for (const audit of failed) console.log(`  - ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''} [${audit.id}]`);
      }
      for (const category of GATED) {
        if (result.scores[category] < 100) problems.push(`${result.page}: ${category} ${result.scores[category]} < 100`);
      }
      if (result.initialJs.gzipKb > result.initialJs.budgetKb) {
        problems.push(`${result.page}: initial JavaScript ${result.initialJs.gzipKb.toFixed(1)} KB > budget ${result.initialJs.budgetKb} KB`);
      }
      if (result.firstPaintCss.gzipKb > result.firstPaintCss.budgetKb) {
        problems.push(`${result.page}: first-paint CSS ${result.firstPaintCss.gzipKb.toFixed(1)} KB > budget ${result.firstPaintCss.budgetKb} KB`);
      }
      if (result.renderBlocking.length) {
        problems.push(`${result.page}: ${result.renderBlocking.length} render-blocking request(s): ${result.renderBlocking.join(', ')}`);
      }
      if (result.scores.performance < PERFORMANCE_TARGET) {
        console.warn(`\nwarning: ${result.page} performance ${result.scores.performance} < the goal of ${PERFORMANCE_TARGET}`);
      }
      if (result.totalBlockingTimeMs > TOTAL_BLOCKING_TIME_TARGET_MS) {
        console.warn(`warning: ${result.page} Total Blocking Time ${result.totalBlockingTimeMs} ms > the goal of ${TOTAL_BLOCKING_TIME_TARGET_MS} ms`);
      }
    }

    const seconds = (Date.now() - started) / 1000;
    const lighthouseVersion = results[0]?.lighthouseVersion;
    mkdirSync(path.dirname(args.out), { recursive: true });
    writeFileSync(
      args.out,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), lighthouse: lighthouseVersion, throttling: 'Lighthouse mobile defaults (simulated, 4× CPU slowdown)', runs, loadAverage: { start: loadAtStart, end: loadAverage() }, seconds, pages: results }, null, 2)}\n`,
    );
    console.log(`\nresults written to ${args.out} (${seconds.toFixed(0)} s)`);
    if (problems.length) {
      console.error(`\nFAILED:\n  ${problems.join('\n  ')}`);
      process.exitCode = 1;
    }
  } finally {
    await chrome?.kill();
    stopServer();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
