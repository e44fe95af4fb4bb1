import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { businessAreas } from '../../test/helpers/business-areas';

/**
 * The module boundaries of src/. Every folder and top-level file of src/server belongs to one
 * layer, and each layer names the layers it may import (`layers` below): the platform layers import
 * no business area, and only the composition (`feature-list.ts`, `app.ts`, `main.ts`) and the row
 * builders of `db/` import areas. Each business area (`features/<area>/`) is imported from outside
 * only through its `index.ts`, by any file of src/ or of the tests. src/shared imports neither the
 * server nor the web app, and the server imports nothing of the web app.
 */
const serverDir = import.meta.dirname;
const featuresDir = path.join(serverDir, 'features');
const srcDir = path.resolve(serverDir, '..');
const sharedDir = path.join(srcDir, 'shared');
const webDir = path.join(srcDir, 'web');
const repoDir = path.resolve(srcDir, '..');

/**
 * What each layer may import, besides itself and code outside src/server (src/shared, packages).
 * A folder is one layer, except `db/`, whose data builders are a layer of their own, and
 * `features/`, the business areas, each of whose folders is one element of the `features` layer.
 */
const layers: Record<string, readonly string[] | 'anything'> = {
  'config.ts': [],
  'errors.ts': [],
  'jobs.ts': [],
  'cache-counters.ts': [],
  // Traces: the database's client and the mail sender report their calls to it; it loads the SDK only when on.
  'tracing.ts': ['http', 'config.ts'],
  db: ['tracing.ts', 'config.ts', 'errors.ts'],
  cache: ['http', 'db', 'config.ts', 'errors.ts', 'cache-counters.ts'],
  storage: ['config.ts', 'errors.ts'],
  // Rows for tests, benchmarks and the demo: built through the areas' rules (a review's course
  // gets its rating recomputed as the app would), so they sit above the areas, and db/ proper never
  // imports them.
  'db/builders': ['db', 'features', 'config.ts', 'errors.ts'],
  'audit.ts': ['db', 'errors.ts'],
  http: ['config.ts', 'errors.ts'],
  queue: ['db', 'config.ts', 'errors.ts', 'jobs.ts'],
  web: ['http', 'db', 'config.ts', 'errors.ts', 'cache-counters.ts'],
  payments: ['web', 'db', 'config.ts', 'errors.ts'],
  mail: ['http', 'db', 'config.ts', 'errors.ts', 'jobs.ts', 'tracing.ts'],
  auth: ['mail', 'http', 'audit.ts', 'db', 'config.ts', 'errors.ts', 'cache-counters.ts'],
  'secrets.ts': ['auth', 'config.ts'],
  'feature.ts': ['cache', 'storage', 'payments', 'secrets.ts', 'db', 'config.ts'],
  // An area imports another only through its index.ts (the test of areas below).
  features: ['feature.ts', 'auth', 'mail', 'payments', 'web', 'http', 'queue', 'cache', 'storage', 'audit.ts', 'db', 'config.ts', 'errors.ts', 'jobs.ts', 'cache-counters.ts'],
  // The process's Prometheus registry: it reads the database at scrape time; the caches report through cache-counters.ts.
  'metrics.ts': ['cache-counters.ts', 'http', 'db', 'errors.ts'],
  // Sums the workers' registries in a cluster (main.ts wires it).
  'metrics-cluster.ts': [],
  // What every feature is handed, built once: never a feature.
  'infrastructure.ts': ['feature.ts', 'auth', 'cache', 'storage', 'mail', 'payments', 'queue', 'web', 'http', 'db', 'secrets.ts', 'config.ts', 'errors.ts', 'jobs.ts'],
  // The areas in the order they are registered: the one file that names them all.
  'feature-list.ts': ['features', 'feature.ts'],
  'app.ts': 'anything',
  'main.ts': 'anything',
};

/** The modules of `db/` that build rows rather than reach the database. */
const dbBuilders = ['factories', 'seed', 'demo-catalogue', 'catalog-test-data'];

/**
 * Imports a layer's rule does not allow, each kept for a reason: `file → layer` it may import.
 * mail/plugin.ts registers the background jobs of account mail, which prune auth's expired links.
 */
const allowedExceptions = new Set(['mail/plugin.ts → auth']);

/** Tests, test data and their shared vocabulary may import whatever they test. */
const isTestCode = (file: string) => /\.(test|slow\.test|test-data|test-support)\.ts$/.test(file);

const importPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

function sourceFiles(dir: string, extensions = /\.(ts|mts|mjs)$/): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && extensions.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The business area a file belongs to, or null outside `features/`. */
function areaOf(file: string): string | null {
  const relative = path.relative(featuresDir, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep)[0]!;
}

/** The layer of a path under src/server (a file, or a folder's first segment), or null outside it. */
export function layerOf(file: string): string | null {
  const relative = path.relative(serverDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, next] = relative.split(path.sep);
  if (top === 'db' && next !== undefined && dbBuilders.includes(next.replace(/\.(ts|mts|mjs)$/, ''))) return 'db/builders';
  // A top-level file is its own layer; an import names it without its extension.
  return next === undefined && path.extname(top!) === '' ? `${top}.ts` : top!;
}

/** The relative specifiers `source` imports, statically, as types or lazily. */
function relativeImports(source: string): string[] {
  return [...source.matchAll(importPattern)].map(([, specifier]) => specifier!).filter((specifier) => specifier.startsWith('.'));
}

/** Every import of `source` (a file at `file`) its layer's rule does not allow, as `file → target`. */
export function layerViolations(file: string, source: string): string[] {
  const from = layerOf(file)!;
  const allowed = layers[from];
  if (allowed === 'anything') return [];
  const violations: string[] = [];
  for (const specifier of relativeImports(source)) {
    const target = layerOf(path.resolve(path.dirname(file), specifier));
    if (target === null || target === from || allowed?.includes(target)) continue;
    const relative = path.relative(serverDir, file);
    if (!allowedExceptions.has(`${relative} → ${target}`)) violations.push(`${relative} → ${specifier}`);
  }
  return violations;
}

/**
 * Every import of `source` (a file at `file`, anywhere) that reaches into a business area other
 * than its own past the area's entry, as `file → target`: `features/orders` and
 * `features/orders/index` are the entry, `features/orders/fulfilment` is not.
 */
export function areaEntryViolations(file: string, source: string): string[] {
  const from = areaOf(file);
  const violations: string[] = [];
  for (const specifier of relativeImports(source)) {
    const resolved = path.resolve(path.dirname(file), specifier);
    const target = areaOf(resolved);
    if (target === null || target === from) continue;
    const inside = path.relative(path.join(featuresDir, target), resolved);
    if (inside !== '' && inside !== 'index' && inside !== 'index.ts') violations.push(`${path.relative(repoDir, file)} → ${specifier}`);
  }
  return violations;
}

/** Every import of `source` (a file at `file`) across the three parts of src/ that the rules refuse: shared → server or web, server → web. */
export function crossPartViolations(file: string, source: string): string[] {
  const fromShared = !path.relative(sharedDir, file).startsWith('..');
  const fromServer = !path.relative(serverDir, file).startsWith('..');
  const violations: string[] = [];
  for (const specifier of relativeImports(source)) {
    const resolved = path.resolve(path.dirname(file), specifier);
    const toWeb = !path.relative(webDir, resolved).startsWith('..');
    const toServer = !path.relative(serverDir, resolved).startsWith('..');
    if (!((fromShared && (toWeb || toServer)) || (fromServer && toWeb))) continue;
    const edge = `${path.relative(repoDir, file)} → ${path.relative(repoDir, resolved)}`;
    violations.push(edge);
  }
  return violations;
}

/** The source files of src/ and of the tests, web's included; not this file, whose cases are made-up imports. */
const allSourceFiles = () => [srcDir, path.join(repoDir, 'test')].flatMap((dir) => sourceFiles(dir, /\.(ts|tsx|mts|mjs)$/)).filter((file) => file !== import.meta.filename);

describe('module boundaries of src/', () => {
  it('every business area is imported from outside only through its index.ts, by any file of src/ and the tests', () => {
    const violations = allSourceFiles().flatMap((file) => areaEntryViolations(file, readFileSync(file, 'utf8')));
    expect(violations).toEqual([]);
  });

  it('every business area has an index.ts and a feature.ts, and the feature list registers each', () => {
    const areas = businessAreas();
    expect(areas.length).toBeGreaterThan(10);
    const missing = areas.filter((area) => !['index.ts', 'feature.ts'].every((name) => existsSync(path.join(featuresDir, area, name))));
    expect(missing).toEqual([]);
    const featureList = readFileSync(path.join(serverDir, 'feature-list.ts'), 'utf8');
    expect(areas.filter((area) => !featureList.includes(`from './features/${area}';`))).toEqual([]);
  });

  it('src/shared imports neither the server nor the web app, and the server nothing of the web app', () => {
    const files = [sharedDir, serverDir].flatMap((dir) => sourceFiles(dir)).filter((file) => file !== import.meta.filename);
    const violations = files.flatMap((file) => crossPartViolations(file, readFileSync(file, 'utf8')));
    expect(violations).toEqual([]);
  });

  it('every folder and top-level file of src/server belongs to a layer, and every layer to something', () => {
    const entries = readdirSync(serverDir, { withFileTypes: true }).filter(
      (entry) => entry.isDirectory() || (/\.(ts|mts|mjs)$/.test(entry.name) && !isTestCode(entry.name)),
    );
    expect(entries.length).toBeGreaterThan(10);
    // A folder's files are its layer (db's builders aside); a file's layer is its own name.
    const unassigned = entries
      .map((entry) => layerOf(path.join(serverDir, entry.name, ...(entry.isDirectory() ? ['any.ts'] : []))))
      .filter((layer) => layer === null || !(layer in layers));
    expect(unassigned).toEqual([]);
    const usedLayers = new Set(sourceFiles(serverDir).filter((file) => !isTestCode(file)).map(layerOf));
    expect(Object.keys(layers).filter((layer) => !usedLayers.has(layer))).toEqual([]);
  });

  it('each layer imports only the layers its rule names', () => {
    const files = sourceFiles(serverDir).filter((file) => !isTestCode(file) && !file.includes(`${path.sep}migrations${path.sep}`));
    const violations = files.flatMap((file) => layerViolations(file, readFileSync(file, 'utf8')));
    expect(violations).toEqual([]);
  });

  it('catches a layer importing one above it, and lets the composition root import anything', () => {
    expect(layerViolations(path.join(serverDir, 'db', 'schema.ts'), "import { grant } from '../features/orders';\nimport { seed } from './seed';")).toEqual([
      'db/schema.ts → ../features/orders',
      'db/schema.ts → ./seed',
    ]);
    expect(layerViolations(path.join(serverDir, 'db', 'factories.ts'), "import { refreshRating } from '../features/catalog';\nimport { requireUser } from '../auth/guards';")).toEqual([
      'db/factories.ts → ../auth/guards',
    ]);
    expect(layerViolations(path.join(serverDir, 'mail', 'outbox.ts'), "import { x } from '../auth/account-mail';\nimport type { Config } from '../config';")).toEqual([
      'mail/outbox.ts → ../auth/account-mail',
    ]);
    expect(layerViolations(path.join(serverDir, 'web', 'spa.ts'), "import { courseSummary } from '../features/catalog';")).toEqual(['web/spa.ts → ../features/catalog']);
    expect(layerViolations(path.join(serverDir, 'jobs.ts'), "import { db } from './db/client';")).toEqual(['jobs.ts → ./db/client']);
    expect(layerViolations(path.join(serverDir, 'secrets.ts'), "import { buildApp } from './app';")).toEqual(['secrets.ts → ./app']);
    expect(layerViolations(path.join(serverDir, 'app.ts'), "import { ordersRoutes } from './features/orders/routes';")).toEqual([]);
    expect(layerOf(path.join(serverDir, 'a-new-folder', 'thing.ts'))).toBe('a-new-folder');
    expect(layers['a-new-folder']).toBeUndefined();
  });

  it('catches a deliberate violation: static, type-only and dynamic imports past another area\'s entry, from an area, the platform or the web app', () => {
    const file = path.join(featuresDir, 'reviews', 'service.ts');
    const source = [
      "import { fulfilOrder } from '../orders/fulfilment';",
      "import type { PaymentProvider } from '../../features/orders/cart';",
      "const lazy = () => import('../media/transcode');",
      "import { isEnrolled } from '../orders';",
      "import { mayWatchCourse } from '../../features/orders/index';",
      "import { reputation } from './reputation';",
    ].join('\n');
    expect(areaEntryViolations(file, source)).toEqual([
      'src/server/features/reviews/service.ts → ../orders/fulfilment',
      'src/server/features/reviews/service.ts → ../../features/orders/cart',
      'src/server/features/reviews/service.ts → ../media/transcode',
    ]);
    expect(areaEntryViolations(path.join(serverDir, 'mail', 'templates.ts'), "import { x } from '../features/invoices/issuing';")).toEqual([
      'src/server/mail/templates.ts → ../features/invoices/issuing',
    ]);
    expect(areaEntryViolations(path.join(webDir, 'lib', 'api.ts'), "import type { x } from '../../server/features/orders/cart';")).toEqual([
      'src/web/lib/api.ts → ../../server/features/orders/cart',
    ]);
  });

  it('catches src/shared importing the server or the web app, and the server importing the web app', () => {
    expect(crossPartViolations(path.join(sharedDir, 'money.ts'), "import type { Database } from '../server/db/client';\nimport { t } from '../web/i18n/server';\nimport { x } from './limits';")).toEqual([
      'src/shared/money.ts → src/server/db/client',
      'src/shared/money.ts → src/web/i18n/server',
    ]);
    expect(crossPartViolations(path.join(featuresDir, 'orders', 'cart.ts'), "import { call } from '../../../web/lib/api';\nimport { x } from '../../../shared/limits';")).toEqual([
      'src/server/features/orders/cart.ts → src/web/lib/api',
    ]);
    // The rendering tests' exception is for tests only.
    expect(crossPartViolations(path.join(serverDir, 'web', 'spa.ts'), "import { createPageRenderer } from '../../web/entry-server';")).toEqual([
      'src/server/web/spa.ts → src/web/entry-server',
    ]);
  });
});
