import { and, eq, lt, sql } from 'drizzle-orm';
import type { Language } from '../../shared/languages';
import type { Database } from '../db/client';
import { prepared } from '../db/prepared';
import { renderedPages } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    /** The stored server-rendered pages (its `stats()` counts hits, misses and drawings). */
    renderedPageStore: RenderedPageStore;
  }
}

/**
 * A server-rendered page as kept and sent: the whole document, compressed once in each encoding
 * browsers ask for, so that a view costs no compression.
 */
export type SentPage = { status: 200 | 404; brotli: Buffer; gzip: Buffer };

export type PageKey = { language: Language; address: string };

/** A page's data fetched (cheap) and the drawing from it (dear), done only when the data changed. */
export type PageSource = { fingerprint: string; draw(): Promise<SentPage> };

/** The encodings a page is kept in; a client that takes neither gets the gzip one unpacked. */
export type PageEncoding = 'brotli' | 'gzip';

/** A page as sent: its status and its document in the encoding asked for. */
export type EncodedPage = { status: SentPage['status']; body: Buffer };

/** A page known to this process: from memory or the database, each encoding read only once asked for. */
type KnownPage = {
  status: SentPage['status'];
  brotli?: Buffer;
  gzip?: Buffer;
  fingerprint: string;
  /** The catalogue version at which the fingerprint was last found current. */
  checkedVersion: string;
};

export type RenderedPageStoreOptions = {
  /** Bytes of compressed pages kept in this process's memory (the most recently used); 0: none. */
  memoryBytes: number;
  /** The catalogue's version (announced, or read); null when unknown (nothing is then reused). */
  catalogVersion: () => Promise<string | null>;
  /** Whether pages are kept in the database too; off, they live in memory only. */
  persist?: boolean;
  onError?: (error: unknown) => void;
};

/** Plain counters, for whoever reports them (a metrics endpoint). */
export type RenderedPageStoreStats = {
  /** Sent from memory, checked at the current catalogue version. */
  memoryHits: number;
  /** Read from the database, checked at the current catalogue version. */
  storedHits: number;
  /** Kept pages whose data was fetched again after a catalogue change and found the same: sent without drawing. */
  revalidated: number;
  /** Pages drawn (never drawn before, or what they show changed). */
  renders: number;
  /** Requests that found no page current in memory. */
  misses: number;
  /** Compressed bytes held in memory now, and the number of pages. */
  memoryBytes: number;
  memoryPages: number;
};

const keyOf = ({ language, address }: PageKey) => `${language}\0${address}`;
const pageBytes = (page: KnownPage) => (page.brotli?.length ?? 0) + (page.gzip?.length ?? 0);

/**
 * The server-drawn pages of single things (a course, a teacher, a fixed page): each is drawn once
 * and then sent as stored bytes, like a static file, until what it shows changes.
 *
 * Freshness: a page carries the fingerprint of the data it was drawn from and the catalogue
 * version at which that fingerprint was last found current. At that version it is sent as it is.
 * After the catalogue changed (any course, review, curriculum or teacher; see the triggers of
 * migration 0002 and later) its data is fetched again, which costs a fraction of a drawing, and
 * only when the fingerprint differs is the page drawn again. The catalogue version reaches this
 * process as it reaches the catalogue's caches, so an edit shows at the next request after it.
 *
 * Where: the database (`rendered_pages`, shared by every process and kept across restarts) and a
 * small, byte-bounded set of the most recently sent pages in memory. Only pages that answered 200
 * are stored (an address of nothing is not a row); 404s stay in the memory set alone.
 *
 * Concurrent requests for one page at one version share one load (and one drawing).
 */
export class RenderedPageStore {
  private readonly memory = new Map<string, KnownPage>();
  private memoryBytes = 0;
  private readonly loading = new Map<string, { version: string; page: Promise<KnownPage> }>();
  private readonly counters = { memoryHits: 0, storedHits: 0, revalidated: 0, renders: 0, misses: 0 };

  constructor(
    private readonly db: Database,
    private readonly options: RenderedPageStoreOptions,
  ) {}

  stats(): RenderedPageStoreStats {
    return { ...this.counters, memoryBytes: this.memoryBytes, memoryPages: this.memory.size };
  }

  /**
   * The page at `key` in `encoding`, drawn from `source` only when no stored page shows what it
   * would show now. Only the encoding asked for is read from the database.
   */
  async get(key: PageKey, source: () => Promise<PageSource>, encoding: PageEncoding = 'brotli'): Promise<EncodedPage> {
    const version = await this.options.catalogVersion();
    if (version === null) {
      // A database being emptied: nothing to check a kept page against.
      this.counters.renders++;
      const drawn = await (await source()).draw();
      return { status: drawn.status, body: drawn[encoding] };
    }
    const id = keyOf(key);
    const known = this.memory.get(id);
    const body = known?.[encoding];
    if (known && body && known.checkedVersion === version) {
      this.counters.memoryHits++;
      this.remember(id, known);
      return { status: known.status, body };
    }
    const running = this.loading.get(id);
    if (running?.version === version) {
      // One load per page and version, whichever encoding it was started for: drawn, it holds both.
      const shared = await running.page;
      const sharedBody = shared[encoding];
      if (sharedBody) return { status: shared.status, body: sharedBody };
    }
    this.counters.misses++;
    const page = this.load(key, id, version, known, source, encoding);
    this.loading.set(id, { version, page });
    const done = () => {
      if (this.loading.get(id)?.page === page) this.loading.delete(id);
    };
    page.then(done, done);
    const loaded = await page;
    return { status: loaded.status, body: loaded[encoding]! };
  }

  /**
   * Checks again, newest first, up to `limit` pages held in memory that were last checked at an older
   * catalogue version, drawing those whose data changed: the next visitor finds them ready.
   * One at a time, so that it takes one core's slice, not the server.
   */
  async refresh(source: (key: PageKey) => Promise<PageSource>, limit: number): Promise<number> {
    const version = await this.options.catalogVersion();
    if (version === null) return 0;
    const stale = [...this.memory.entries()]
      .filter(([, page]) => page.checkedVersion !== version)
      .slice(-limit)
      .reverse()
      .map(([id]) => id);
    let checked = 0;
    for (const id of stale) {
      // Let go meanwhile: not among the pages worth having ready.
      if (!this.memory.has(id)) continue;
      const [language, address] = id.split('\0') as [Language, string];
      const key = { language, address };
      try {
        await this.get(key, () => source(key));
        checked++;
      } catch (error) {
        this.options.onError?.(error);
      }
    }
    return checked;
  }

  /** Forgets the pages held in memory (the stored ones stay). */
  clearMemory(): void {
    this.memory.clear();
    this.memoryBytes = 0;
  }

  /** The page as known at `version`, holding at least `encoding`. */
  private async load(key: PageKey, id: string, version: string, known: KnownPage | undefined, source: () => Promise<PageSource>, encoding: PageEncoding): Promise<KnownPage> {
    const held = known?.[encoding] ? known : undefined;
    const stored = held ?? (await this.read(key, encoding));
    if (stored && stored.checkedVersion === version) {
      this.counters.storedHits++;
      this.remember(id, this.merged(id, stored));
      return stored;
    }
    const current = await source();
    if (stored && stored.fingerprint === current.fingerprint) {
      this.counters.revalidated++;
      const checked = { ...stored, checkedVersion: version };
      this.remember(id, this.merged(id, checked));
      if (stored.status === 200) void this.markChecked(key, checked);
      return checked;
    }
    this.counters.renders++;
    const drawn = await current.draw();
    const page: KnownPage = { ...drawn, fingerprint: current.fingerprint, checkedVersion: version };
    this.remember(id, page);
    if (page.status === 200) await this.write(key, drawn, page);
    return page;
  }

  /** `page` with the other encoding held in memory already, when it is of the same drawing. */
  private merged(id: string, page: KnownPage): KnownPage {
    const held = this.memory.get(id);
    if (!held || held.fingerprint !== page.fingerprint) return page;
    return { ...page, brotli: page.brotli ?? held.brotli, gzip: page.gzip ?? held.gzip };
  }

  private remember(id: string, page: KnownPage): void {
    const previous = this.memory.get(id);
    if (previous) {
      this.memory.delete(id);
      this.memoryBytes -= pageBytes(previous);
    }
    const bytes = pageBytes(page);
    if (bytes > this.options.memoryBytes) return;
    // Map order is insertion order: re-inserting keeps the eviction order least recently used first.
    this.memory.set(id, page);
    this.memoryBytes += bytes;
    for (const [oldest, kept] of this.memory) {
      if (this.memoryBytes <= this.options.memoryBytes) break;
      this.memory.delete(oldest);
      this.memoryBytes -= pageBytes(kept);
    }
  }

  private async read(key: PageKey, encoding: PageEncoding): Promise<KnownPage | undefined> {
    if (this.options.persist === false) return undefined;
    try {
      const name = `rendered_page_${encoding}`;
      const statement = prepared(this.db, name, () =>
        this.db
          .select({ status: renderedPages.status, fingerprint: renderedPages.fingerprint, checkedVersion: renderedPages.checkedVersion, body: renderedPages[encoding] })
          .from(renderedPages)
          .where(and(eq(renderedPages.language, sql.placeholder('language')), eq(renderedPages.address, sql.placeholder('address'))))
          .prepare(name),
      );
      const [row] = await statement.execute({ language: key.language, address: key.address });
      if (!row) return undefined;
      return { status: row.status === 404 ? 404 : 200, fingerprint: row.fingerprint, checkedVersion: String(row.checkedVersion), [encoding]: Buffer.from(row.body) };
    } catch (error) {
      // The page can still be drawn: a visitor gets it, a little later.
      this.options.onError?.(error);
      return undefined;
    }
  }

  private async write(key: PageKey, drawn: SentPage, page: KnownPage): Promise<void> {
    if (this.options.persist === false) return;
    const checkedVersion = BigInt(page.checkedVersion);
    try {
      await this.db
        .insert(renderedPages)
        .values({ ...key, fingerprint: page.fingerprint, checkedVersion, status: page.status, brotli: drawn.brotli, gzip: drawn.gzip })
        .onConflictDoUpdate({
          target: [renderedPages.language, renderedPages.address],
          set: { fingerprint: page.fingerprint, checkedVersion, status: page.status, brotli: drawn.brotli, gzip: drawn.gzip, renderedAt: sql`now()` },
          // Another process may have stored a drawing of a newer version meanwhile: it stays.
          setWhere: sql`${renderedPages.checkedVersion} <= ${checkedVersion}`,
        });
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  private async markChecked(key: PageKey, page: KnownPage): Promise<void> {
    if (this.options.persist === false) return;
    try {
      await this.db
        .update(renderedPages)
        .set({ checkedVersion: BigInt(page.checkedVersion) })
        .where(
          and(
            eq(renderedPages.language, key.language),
            eq(renderedPages.address, key.address),
            eq(renderedPages.fingerprint, page.fingerprint),
            lt(renderedPages.checkedVersion, BigInt(page.checkedVersion)),
          ),
        );
    } catch (error) {
      this.options.onError?.(error);
    }
  }
}
