/**
 * Results: each benchmark script hands its tables to `saveSection`. Under `npm run bench`
 * (BENCH_PARTS_DIR set by bench/run.ts) the section goes to the run's parts directory and
 * run.ts joins them into one JSON file and `bench/results/last-run.md`; a script run on its
 * own writes `bench/results/<name>-<time>.json` itself.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MeasuredRow, Row } from './load';

export const RESULTS_DIR = path.join('bench', 'results');

export type Table = { title: string; columns: string[]; rows: (string | number)[][] };

export type Section = {
  name: string;
  title: string;
  /** Lines that say what was measured and on what (data size, connections, duration, memory). */
  facts: string[];
  tables: Table[];
  /** Load averages (1 min) at the start and the end of the script. */
  load: { start: number; end: number };
};

export const loadAverage = () => Number(os.loadavg()[0]!.toFixed(2));

const number = (value: number | undefined, digits = 0) => (value === undefined || Number.isNaN(value) ? '' : value.toFixed(digits));

/**
 * The usual latency table: req/s, p50, p99, ratio to the bare route (and the bare route's req/s
 * next to each scenario, when measured so), errors, and the server's peak memory when known.
 */
export function latencyTable(title: string, rows: (Row | MeasuredRow)[], options: { throughput?: boolean } = {}): Table {
  const neighbours = rows.some((row) => 'bareRps' in row && row.bareRps !== undefined);
  const columns = ['scenario', 'req/s', 'p50 ms', 'p99 ms', '× bare Fastify', ...(neighbours ? ['bare req/s beside it'] : []), 'errors'];
  if (options.throughput) columns.push('MiB/s');
  const memory = rows.every((row) => 'peakMib' in row);
  if (memory) columns.push('peak RSS MiB during it');
  return {
    title,
    columns,
    rows: rows.map((row) => {
      const errors = row.rejected ? `${row.errors} (${Object.entries(row.rejected).map(([kind, count]) => `${kind}: ${count}`).join(', ')})` : row.errors;
      const bare = neighbours ? [number((row as MeasuredRow).bareRps)] : [];
      const cells: (string | number)[] = [row.scenario, row.rps, row.p50, row.p99, number(row.ratio, 2), ...bare, errors];
      if (options.throughput) cells.push(number(row.mibPerSecond, 1));
      if (memory) cells.push(number((row as MeasuredRow).peakMib));
      return cells;
    }),
  };
}

export function markdownTable(table: Table): string {
  const escape = (cell: string | number) => String(cell).replaceAll('|', '\\|');
  const numeric = table.columns.map((_, index) => table.rows.every((row) => typeof row[index] === 'number' || /^[\d.,\s-]*$/.test(String(row[index]))));
  const lines = [
    `| ${table.columns.map(escape).join(' | ')} |`,
    `| ${numeric.map((isNumber) => (isNumber ? '---:' : '---')).join(' | ')} |`,
    ...table.rows.map((row) => `| ${row.map(escape).join(' | ')} |`),
  ];
  return lines.join('\n');
}

export function markdownSection(section: Section): string {
  return [
    `## ${section.title}`,
    '',
    ...section.facts.map((fact) => `- ${fact}`),
    `- load average (1 min): ${section.load.start} at the start, ${section.load.end} at the end`,
    '',
    ...section.tables.flatMap((table) => [`**${table.title}**`, '', markdownTable(table), '']),
  ].join('\n');
}

/** Prints the section and stores it (see the module comment). */
export function saveSection(section: Omit<Section, 'load'> & { loadAtStart: number }): void {
  const { loadAtStart, ...rest } = section;
  const complete: Section = { ...rest, load: { start: loadAtStart, end: loadAverage() } };
  console.log(`\n${markdownSection(complete)}`);
  const partsDir = process.env.BENCH_PARTS_DIR;
  if (partsDir) {
    mkdirSync(partsDir, { recursive: true });
    writeFileSync(path.join(partsDir, `${process.env.BENCH_PART_NAME ?? complete.name}.json`), JSON.stringify(complete, null, 2));
    return;
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${complete.name}-${timestamp()}.json`);
  writeFileSync(file, JSON.stringify(complete, null, 2));
  console.log(`results written to ${file}`);
}

export const timestamp = (date = new Date()) => date.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
