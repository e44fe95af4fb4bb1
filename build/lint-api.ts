/**
 * Writes the OpenAPI document the app publishes at /api/docs/json (built without listening, on
 * an embedded database in a temporary folder) to dist/openapi.json, then lints it with
 * Redocly's rules (redocly.yaml). Exits non-zero on any error. Nothing is fetched: the document's
 * references are all its own, and the lint library has no telemetry of its own (the CLI does).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatProblems, getTotals, lintFromString, loadConfig } from '@redocly/openapi-core';
import { buildApp } from '../src/server/app';
import { loadConfig as loadAppConfig } from '../src/server/config';

const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, 'dist', 'openapi.json');
const dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-openapi-'));
try {
  const config = { ...loadAppConfig({ DATA_DIR: dataDir, AUTH_SECRET: 'openapi-document-secret-0123456789abcdef', TRANSCODE_CONCURRENCY: '0' }), webDistDir: undefined };
  const app = await buildApp(config, { logger: false });
  const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).body;
  await app.close();
  mkdirSync(path.dirname(output), { recursive: true });
  writeFileSync(output, `${JSON.stringify(JSON.parse(document), null, 2)}\n`);
  const problems = await lintFromString({ source: readFileSync(output, 'utf8'), absoluteRef: output, config: await loadConfig({ configPath: path.join(root, 'redocly.yaml') }) });
  const totals = getTotals(problems);
  formatProblems(problems, { format: 'stylish', totals, version: 'openapi-core', maxProblems: 200 });
  process.stdout.write(`${path.relative(root, output)}: ${totals.errors} errors, ${totals.warnings} warnings\n`);
  if (totals.errors > 0) process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
