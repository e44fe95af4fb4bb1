/**
 * Preloaded into a child process (`--import`): as it exits, writes the npm packages of its
 * CommonJS module cache (a package imported from ESM lands there too when it ships CommonJS)
 * as a JSON list to the file REPORT_LOADED_PACKAGES_TO names.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const moduleCache = createRequire(import.meta.url).cache;
const reportFile = process.env.REPORT_LOADED_PACKAGES_TO;

process.on('exit', () => {
  if (!reportFile) return;
  const packages = new Set(Object.keys(moduleCache).flatMap((file) => /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? []));
  writeFileSync(reportFile, JSON.stringify([...packages].sort()));
});
