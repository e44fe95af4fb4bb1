/**
 * The query plans of the hot catalogue reads on the benchmark database (100,000 courses):
 * the course detail and listing pages (with the catalogue cache, as the server runs them,
 * and without), a search and the suggestions. Runs the real service functions with a logging
 * database, then EXPLAIN ANALYZE on each statement they sent, into `bench/results/plans.md`
 * (or the file given with --out, in bench/results/).
 *
 *   npx tsx bench/explain-plans.ts [--out explain-plans-1m.md]       (BENCH_DATABASE_URL, see bench/lib/data.ts)
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getCourseAnswer, listCourses, suggestTitles } from '../src/server/features/catalog';
import { CatalogCache, uncached } from '../src/server/cache/catalog-cache';
import { benchDatabaseUrl } from './lib/data';
import { explainingDatabase } from './lib/explain';
import { RESULTS_DIR } from './lib/report';

const { values: options } = parseArgs({ options: { out: { type: 'string', default: 'plans.md' } } });
const { db, pool, plansOf, close } = explainingDatabase(benchDatabaseUrl);

async function main() {
  const { rows } = await pool.query<{ id: number; total: number }>(
    `select (select id from courses where disabled_at is null order by md5(id::text) limit 1) as id, (select count(*)::int from courses where disabled_at is null) as total`,
  );
  const { id, total } = rows[0]!;
  const lastPage = Math.ceil(total / 9);
  const { rows: categories } = await pool.query<{ id: number }>('select id from categories order by id limit 3');
  const categoryId = categories[2]!.id;
  const { rows: filtered } = await pool.query<{ total: number }>(
    'select count(*)::int as total from courses where disabled_at is null and category_id = $1 and rating_average >= 4 and rating_average < 5',
    [categoryId],
  );
  // A page in the middle of the filter's pages: one past its last answers empty without a page query.
  const filteredPage = Math.max(2, Math.floor(Math.ceil(filtered[0]!.total / 9) / 2));
  const cache = new CatalogCache(db, { maxEntries: 1000 });
  const sections = [
    await plansOf(`course detail, id ${id}, uncached`, () => getCourseAnswer(db, id, async () => null, uncached)),
    await plansOf(`course detail, id ${id}, catalogue cache cold (version read, then the detail)`, async () => getCourseAnswer(db, id, async () => null, await cache.view())),
    await plansOf('listing, newest first, page 1, uncached', () => listCourses(db, { page: 1 })),
    await plansOf(`listing, price ascending, page ${Math.floor(lastPage / 2)}, uncached (offset scan)`, () => listCourses(db, { page: Math.floor(lastPage / 2), sort: 'price-asc' })),
    await plansOf(`listing, category ${categoryId}, rating 4, page ${filteredPage}, with the cache (count and anchors first)`, async () =>
      listCourses(db, { page: filteredPage, categoryId, rating: 4 }, await cache.view()),
    ),
    await plansOf(`listing, category ${categoryId}, rating 4, page ${filteredPage + 1}, with the cache warm (count and anchors kept)`, async () =>
      listCourses(db, { page: filteredPage + 1, categoryId, rating: 4 }, await cache.view()),
    ),
    await plansOf(`listing, newest first, page ${lastPage}, with the cache (anchors of the whole catalogue loaded)`, async () => listCourses(db, { page: lastPage }, await cache.view())),
    await plansOf('search "python", page 1, uncached (count, then the page)', () => listCourses(db, { page: 1, q: 'python' })),
    await plansOf('search "python", price ascending, page 3, with the cache (count, then the ranked window)', async () =>
      listCourses(db, { page: 3, q: 'python', sort: 'price-asc' }, await cache.view()),
    ),
    await plansOf('search with a typo "pythn" (words find nothing, then trigrams)', () => listCourses(db, { page: 1, q: 'pythn' })),
    await plansOf('suggestions for "py", uncached', () => suggestTitles(db, 'py')),
    await plansOf('suggestions for "progr", uncached', () => suggestTitles(db, 'progr')),
    await plansOf('suggestions for a typo "pythn", uncached (words find nothing, then trigrams)', () => suggestTitles(db, 'pythn')),
  ];
  const file = path.join(RESULTS_DIR, path.basename(options.out));
  const command = `npx tsx bench/explain-plans.ts${options.out === 'plans.md' ? '' : ` --out ${path.basename(options.out)}`}`;
  writeFileSync(
    file,
    [
      `# Query plans of the hot catalogue reads`,
      '',
      `Database: ${total} active courses; \`${command}\` on ${new Date().toISOString()}, load average (1 min) ${os.loadavg()[0]!.toFixed(2)}.`,
      '',
      ...sections,
    ].join('\n'),
  );
  console.log(`plans written to ${file}`);
  await close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
