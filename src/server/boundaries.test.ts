import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's module boundaries: a feature never imports another feature, and the shared
 * layers (domain rules, the payment adapter, db, auth, http) import no feature. What features
 * share lives in those layers; only `app.ts` wires features together.
 */
const serverDir = import.meta.dirname;
const featuresDir = path.join(serverDir, 'features');

/** Layers every feature may use, which must therefore import no feature themselves. */
const sharedLayers = ['domain', 'payments', 'db', 'auth', 'http', 'web', 'queue', 'cache', 'storage'];

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

  it('the shared layers (domain, payments, db, auth, http, web, queue, cache, storage) import no feature', () => {
    const files = sharedLayers.flatMap((layer) => sourceFiles(path.join(serverDir, layer)));
    expect(files.length).toBeGreaterThan(0);
    const violations = files.flatMap((file) => boundaryViolations(file, readFileSync(file, 'utf8')));
    expect(violations).toEqual([]);
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
