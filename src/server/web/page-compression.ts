import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants as zlibConstants, gunzip, gzip } from 'node:zlib';
import type { PageEncoding, SentPage } from './page-store';

/*
 * A server-rendered page is sent compressed from memory or the store: compressing per view cost
 * more than sending the page kept (a catalogue page is ~130 KB of HTML). The compression runs in
 * libuv's thread pool, not on the event loop, but on the same cores.
 */
const compressBrotli = promisify(brotliCompress);
const decompressBrotli = promisify(brotliDecompress);
const compressGzip = promisify(gzip);
const decompressGzip = promisify(gunzip);

/** The quality @fastify/compress uses for answers: most of brotli's gain at a small cost. */
const BROTLI_QUALITY = 4;

export async function compress(encoding: PageEncoding, document: Buffer): Promise<Buffer> {
  if (encoding === 'gzip') return compressGzip(document);
  return compressBrotli(document, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: document.length } });
}

export const decompress = (encoding: PageEncoding, body: Buffer): Promise<Buffer> => (encoding === 'gzip' ? decompressGzip(body) : decompressBrotli(body));

/** A page in both encodings, as the store keeps it (every process and later visitor sends it as it is). */
export async function compressPage(status: SentPage['status'], html: string): Promise<SentPage> {
  const document = Buffer.from(html);
  const [brotli, gzipped] = await Promise.all([compress('brotli', document), compress('gzip', document)]);
  return { status, brotli, gzip: gzipped };
}

/**
 * A drawn page compressed only in the encoding its first request takes. Most pages that show the
 * catalogue at large (a listing's random filter, sort and page) are never asked for again, so the
 * other encoding would be work thrown away; when another request does take it, it is made once
 * from the first (unpacked, which costs a fraction of packing) and kept beside it.
 */
export class LazilyEncodedPage {
  private readonly bodies = new Map<PageEncoding, Promise<Buffer>>();

  private constructor(
    readonly status: SentPage['status'],
    private readonly first: PageEncoding,
    body: Buffer,
  ) {
    this.bodies.set(first, Promise.resolve(body));
  }

  static async compress(status: SentPage['status'], html: string, encoding: PageEncoding): Promise<LazilyEncodedPage> {
    return new LazilyEncodedPage(status, encoding, await compress(encoding, Buffer.from(html)));
  }

  /** The encodings made so far. */
  encodings(): PageEncoding[] {
    return [...this.bodies.keys()];
  }

  /** The page in `encoding`, made the first time it is asked for. */
  body(encoding: PageEncoding): Promise<Buffer> {
    let body = this.bodies.get(encoding);
    if (!body) {
      body = this.plain().then((document) => compress(encoding, document));
      this.bodies.set(encoding, body);
      // A failed compression is tried again by the next request rather than kept.
      body.catch(() => {
        if (this.bodies.get(encoding) === body) this.bodies.delete(encoding);
      });
    }
    return body;
  }

  /** The document unpacked, for a client that takes no encoding we have (a script, a crawler). */
  async plain(): Promise<Buffer> {
    return decompress(this.first, await this.bodies.get(this.first)!);
  }
}
