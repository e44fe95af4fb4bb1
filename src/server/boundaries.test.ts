import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's module boundaries. Every folder and top-level file of src/server belongs to one
 * layer, and each layer names the layers it may import (`layers` below): a feature never imports
 * another feature, the shared layers import no feature, and only the composition roots (`app.ts`,
 * `main.ts`) import anything. Tests and test data may import whatever they test.
 */
const serverDir = import.meta.dirname;
const featuresDir = path.join(serverDir, 'features');

/**
 * What each layer may import, besides itself and code outside src/server (src/shared, packages).
 * A folder is one layer, except `db/`, whose data builders are a layer of their own, and
 * `features/`, each of whose folders is one element of the `features` layer.
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
  // Rows for tests, benchmarks and the demo: built through the domain's rules (a review's course
  // gets its rating recomputed as the app would), so they sit above domain/, and db/ proper never
  // imports them.
  'db/builders': ['db', 'domain', 'config.ts', 'errors.ts'],
  'audit.ts': ['db', 'errors.ts'],
  http: ['config.ts', 'errors.ts'],
  queue: ['db', 'config.ts', 'errors.ts', 'jobs.ts'],
  web: ['http', 'db', 'config.ts', 'errors.ts', 'cache-counters.ts'],
  payments: ['web', 'db', 'config.ts', 'errors.ts'],
  mail: ['http', 'db', 'config.ts', 'errors.ts', 'jobs.ts', 'tracing.ts'],
  auth: ['mail', 'http', 'audit.ts', 'db', 'config.ts', 'errors.ts', 'cache-counters.ts'],
  // The payouts' rules call the provider's seam (transfers, reversals): the type, never an implementation.
  domain: ['auth', 'queue', 'payments', 'audit.ts', 'db', 'errors.ts'],
  'secrets.ts': ['auth', 'config.ts'],
  'feature.ts': ['cache', 'storage', 'payments', 'secrets.ts', 'db', 'config.ts'],
  features: ['feature.ts', 'domain', 'auth', 'mail', 'payments', 'web', 'http', 'queue', 'cache', 'storage', 'audit.ts', 'db', 'config.ts', 'errors.ts', 'jobs.ts', 'cache-counters.ts'],
  // The process's Prometheus registry: it reads the database at scrape time; the caches report through cache-counters.ts.
  'metrics.ts': ['cache-counters.ts', 'http', 'db', 'errors.ts'],
  // Sums the workers' registries in a cluster (main.ts wires it).
  'metrics-cluster.ts': [],
  // What every feature is handed, built once: never a feature.
  'infrastructure.ts': ['feature.ts', 'auth', 'cache', 'storage', 'mail', 'payments', 'queue', 'web', 'http', 'db', 'secrets.ts', 'config.ts', 'errors.ts', 'jobs.ts'],
  // The features in the order they are registered: the one file that names them all.
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

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts|mjs)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The feature a file belongs to, or null outside `features/`. */
function featureOf(file: string): string | null {
  const relative = path.relative(featuresDir, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0]!;
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

/** Every import of `source` (a file at `file`) its layer's rule does not allow, as `file → target`. */
export function layerViolations(file: string, source: string): string[] {
  const from = layerOf(file)!;
  const allowed = layers[from];
  if (allowed === 'anything') return [];
  const violations: string[] = [];
  for (const [, specifier] of source.matchAll(importPattern)) {
    if (!specifier!.startsWith('.')) continue;
    const target = layerOf(path.resolve(path.dirname(file), specifier!));
    if (target === null || target === from || allowed?.includes(target)) continue;
    const relative = path.relative(serverDir, file);
    if (!allowedExceptions.has(`${relative} → ${target}`)) violations.push(`${relative} → ${specifier}`);
  }
  return violations;
}

/** Every import of `source` (a file at `file`) that crosses a boundary, as `file → target`. */
export function boundaryViolations(file: string, source: string): string[] {
  const from = featureOf(file);
  const violations: string[] = [];
  for (const [, specifier] of source.matchAll(importPattern)) {
    if (!specifier!.startsWith('.')) continue;
    const target = featureOf(path.resolve(path.dirname(file), specifier!));
    if (target !== null && target !== from) violations.push(`${path.relative(serverDir, file)} → ${specifier}`);
  }
  return violations;
}

describe('server module boundaries', () => {
  it('no feature imports another feature', () => {
    const violations = sourceFiles(featuresDir).flatMap((file) => boundaryViolations(file, readFileSync(file, 'utf8')));
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
    expect(layerViolations(path.join(serverDir, 'db', 'schema.ts'), "import { grant } from '../domain/enrollments';\nimport { seed } from './seed';")).toEqual([
      'db/schema.ts → ../domain/enrollments',
      'db/schema.ts → ./seed',
    ]);
    expect(layerViolations(path.join(serverDir, 'db', 'factories.ts'), "import { refreshRating } from '../domain/course-ratings';\nimport { requireUser } from '../auth/guards';")).toEqual([
      'db/factories.ts → ../auth/guards',
    ]);
    expect(layerViolations(path.join(serverDir, 'mail', 'outbox.ts'), "import { x } from '../auth/account-mail';\nimport type { Config } from '../config';")).toEqual([
      'mail/outbox.ts → ../auth/account-mail',
    ]);
    expect(layerViolations(path.join(serverDir, 'jobs.ts'), "import { db } from './db/client';")).toEqual(['jobs.ts → ./db/client']);
    expect(layerViolations(path.join(serverDir, 'secrets.ts'), "import { buildApp } from './app';")).toEqual(['secrets.ts → ./app']);
    expect(layerViolations(path.join(serverDir, 'app.ts'), "import { ordersRoutes } from './features/orders/routes';")).toEqual([]);
    expect(layerOf(path.join(serverDir, 'a-new-folder', 'thing.ts'))).toBe('a-new-folder');
    expect(layers['a-new-folder']).toBeUndefined();
  });

  it('catches a deliberate violation: static, type-only and dynamic imports of another feature', () => {
    const file = path.join(featuresDir, 'reviews', 'service.ts');
    const source = [
      "import { fulfilOrder } from '../orders/fulfilment';",
      "import type { PaymentProvider } from '../../features/cart/service';",
      "const lazy = () => import('../media/storage');",
      "import { isEnrolled } from '../../domain/enrollments';",
      "import { saveReview } from './routes';",
    ].join('\n');
    expect(boundaryViolations(file, source)).toEqual([
      'features/reviews/service.ts → ../orders/fulfilment',
      'features/reviews/service.ts → ../../features/cart/service',
      'features/reviews/service.ts → ../media/storage',
    ]);
    expect(boundaryViolations(path.join(serverDir, 'domain', 'enrollments.ts'), "import { x } from '../features/orders/service';")).toEqual([
      'domain/enrollments.ts → ../features/orders/service',
    ]);
  });
});
