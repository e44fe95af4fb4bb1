/**
 * Memory of the listing's page anchors: asks page 2 of every sort of the unfiltered listing
 * (which loads and keeps that sort's anchors and the total) through a catalogue cache, then
 * measures what the process holds after a full garbage collection, JS heap and typed arrays'
 * buffers both. Also times each sort's first load.
 *
 *   npx tsx bench/anchor-memory.ts [--label text]   (BENCH_DATABASE_URL; restarts itself with --expose-gc)
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { CourseSort } from '../src/shared/limits';
import { CatalogCache } from '../src/server/cache/catalog-cache';
import { openDatabase } from '../src/server/db/client';
import { listCourses } from '../src/server/features/catalog';
import { benchDatabaseUrl } from './lib/data';
import { loadAverage, RESULTS_DIR } from './lib/report';

const { values } = parseArgs({ options: { label: { type: 'string', default: '' } } });
const sortsToLoad: CourseSort[] = ['newest', 'price-asc', 'price-desc', 'rating-asc', 'rating-desc', 'popular'];

function heldBytes(): number {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('run with node --expose-gc');
  collect();
  collect();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

async function main() {
  if (!(globalThis as { gc?: unknown }).gc) {
    const again = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
    process.exitCode = again.status ?? 1;
    return;
  }
  const handle = await openDatabase({ databaseUrl: benchDatabaseUrl, pgliteDir: '', poolSize: 2 });
  try {
    const cache = new CatalogCache(handle.db, { maxEntries: 1000 });
    // The statements prepared and the version read once first, so only the anchors differ.
    const first = await listCourses(handle.db, { page: 1 }, await cache.view());
    const before = heldBytes();
    const seconds: string[] = [];
    for (const sort of sortsToLoad) {
      const started = performance.now();
      await listCourses(handle.db, { page: 2, sort }, await cache.view());
      seconds.push(`${sort} ${((performance.now() - started) / 1000).toFixed(2)} s`);
    }
    const after = heldBytes();
    const perSort = (after - before) / sortsToLoad.length;
    const pages = Math.ceil(first.total / 9);
    const line =
      `- ${new Date().toISOString()}${values.label ? ` ${values.label}` : ''}: ${first.total} active courses (${pages} pages), ` +
      `anchors of ${sortsToLoad.length} sorts: ${((after - before) / 1024 ** 2).toFixed(2)} MiB, ${(perSort / 1024 ** 2).toFixed(2)} MiB per sort ` +
      `(${(perSort / pages).toFixed(1)} bytes a page); first load per sort: ${seconds.join(', ')}; load average ${loadAverage()}`;
    console.log(line);
    mkdirSync(RESULTS_DIR, { recursive: true });
    appendFileSync(path.join(RESULTS_DIR, 'anchor-memory.md'), `${line}\n`);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
