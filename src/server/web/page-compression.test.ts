import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressPage, LazilyEncodedPage } from './page-compression';

const html = `<!doctype html><html lang="es"><body>${'<article class="card">Python desde cero · 4,7 de 5 · $19.99</article>'.repeat(500)}</body></html>`;

describe('compressing a drawn page', () => {
  it('compresses a page only in the encoding first asked for, and makes another the first time it is asked for', async () => {
    const page = await LazilyEncodedPage.compress(200, html, 'brotli');
    expect(page.encodings()).toEqual(['brotli']);
    expect(brotliDecompressSync(await page.body('brotli')).toString()).toBe(html);

    const gzipped = await page.body('gzip');
    expect(gunzipSync(gzipped).toString()).toBe(html);
    expect(page.encodings().sort()).toEqual(['brotli', 'gzip']);
    // Made once: later requests get the same bytes.
    expect(await page.body('gzip')).toBe(gzipped);
    expect((await page.plain()).toString()).toBe(html);
  });

  it('keeps the status and unpacks a page first made in gzip', async () => {
    const page = await LazilyEncodedPage.compress(404, html, 'gzip');
    expect(page.status).toBe(404);
    expect((await page.plain()).toString()).toBe(html);
    expect(brotliDecompressSync(await page.body('brotli')).toString()).toBe(html);
  });

  it('makes both encodings of a page the store keeps', async () => {
    const page = await compressPage(200, html);
    expect(brotliDecompressSync(page.brotli).toString()).toBe(html);
    expect(gunzipSync(page.gzip).toString()).toBe(html);
  });
});
