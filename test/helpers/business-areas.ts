import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The server's business areas: the folders of src/server/features, sorted. */
export function businessAreas(): string[] {
  return readdirSync(path.resolve(import.meta.dirname, '../../src/server/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}
