/**
 * The JavaScript a first visit to the home page downloads, gzipped, against the 170 KB budget
 * (issue 3/7). Reads the built app (`npm run build` first): the entry script of index.html,
 * the Spanish catalogue's core part (loaded before the first render), then the home page's chunk (the
 * route table loads it at once for `/`), each with every chunk it imports statically. Lazy chunks of other pages, and chunks the home page only
 * imports on demand (`import()`), are not part of the first visit.
 *
 *   npx tsx bench/home-bundle.ts [--budget 170]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { loadAverage, saveSection } from './lib/report';

const { values: args } = parseArgs({ options: { budget: { type: 'string', default: '170' }, dist: { type: 'string', default: 'dist/web' } } });
const dist = path.resolve(args.dist);
const assets = path.join(dist, 'assets');

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in dist/web/index.html: run npm run build');
const homeChunk = readdirSync(assets).find((file) => /^home-page-[\w-]+\.js$/.test(file));
if (!homeChunk) throw new Error('no home-page chunk in dist/web/assets');

/** `import … from "./x.js"` and `export … from "./x.js"`, not `import("./x.js")`. */
const staticImports = (code: string) => [...code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w${},*\s]+from\s*)?["']\.\/([\w.-]+\.js)["']/g)].map((match) => match[1]!);

const loaded = new Set<string>();
const visit = (file: string) => {
  if (loaded.has(file)) return;
  loaded.add(file);
  for (const dependency of staticImports(readFileSync(path.join(assets, file), 'utf8'))) visit(dependency);
};
visit(entry);
const catalogue = readdirSync(assets).find((file) => /^es-core-[\w-]+\.js$/.test(file));
if (!catalogue) throw new Error('no es-core chunk (the Spanish texts) in dist/web/assets');
visit(catalogue);
const beforeHome = loaded.size;
visit(homeChunk);

let total = 0;
const rows = [...loaded].map((file) => {
  const gzipped = gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length;
  total += gzipped;
  return { file, kb: gzipped / 1024 };
});
rows.sort((a, b) => b.kb - a.kb);
for (const row of rows) console.log(`${row.kb.toFixed(1).padStart(7)} KB  ${row.file}`);
const budget = Number(args.budget);
console.log(`\nhome page initial JavaScript: ${(total / 1024).toFixed(1)} KB gzipped in ${loaded.size} files (${beforeHome} for the app shell), budget ${budget} KB`);
saveSection({
  name: 'home-bundle',
  title: 'Home page JavaScript (first visit, gzipped)',
  facts: [`${(total / 1024).toFixed(1)} KB in ${loaded.size} files (${beforeHome} for the app shell); budget ${budget} KB: ${total / 1024 > budget ? 'OVER BUDGET' : 'within budget'}`],
  tables: [{ title: 'files, largest first', columns: ['file', 'KB gzipped'], rows: rows.map((row) => [row.file, row.kb.toFixed(1)]) }],
  loadAtStart: loadAverage(),
});
if (total / 1024 > budget) {
  console.error('OVER BUDGET');
  process.exitCode = 1;
}
