import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { businessAreas } from '../../test/helpers/business-areas';

/** The business areas of src/server/features as docs/architecture.md lists them: the first cell of each row of its areas table. */
export function documentedAreas(markdown: string): string[] {
  const section = markdown.split(/^### Business areas$/m)[1]?.split(/^#{2,3} /m)[0] ?? '';
  return [...section.matchAll(/^\| `([a-z-]+)` \|/gm)].map(([, area]) => area!);
}

describe('docs/architecture.md', () => {
  it('lists every business area of src/server/features, and no other', () => {
    const areas = businessAreas();
    const listed = documentedAreas(readFileSync(path.resolve(import.meta.dirname, '../../docs/architecture.md'), 'utf8'));
    expect(listed.length).toBeGreaterThan(10);
    expect([...listed].sort()).toEqual(areas);
  });

  it('reads only the areas table: a folder named elsewhere in the page does not count', () => {
    const page = ['## Layout', '| `media` | not the areas table |', '### Business areas', '| area | owns |', '|---|---|', '| `orders` | the cart |', '### Who owns what', '| `teaching` | later |'].join('\n');
    expect(documentedAreas(page)).toEqual(['orders']);
  });
});
