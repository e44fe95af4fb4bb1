import { noCacheCounters, type CacheCounters } from '../../cache-counters';
import { AppError } from '../../errors';
import { readBytes, type VideoStorage } from '../../storage/video-storage';

/**
 * The small text files of an HLS copy that the app serves itself when the videos are in a
 * bucket: the playlists (a browser refuses a cross-origin playlist it was redirected to, and a
 * presigned playlist's relative entries would point at the bucket unsigned) and the
 * thumbnails' WebVTT index (its relative image then resolves against the app's URL).
 */

/** A playlist of ten hours of 6 s segments is ~250 KB; past this something is wrong with the copy. */
export const PLAYLIST_MAX_BYTES = 1024 * 1024;
/** SigV4 signs for a week at most. */
const PRESIGN_MAX_SECONDS = 7 * 24 * 3600;
/** A player reads a rendition playlist once and its segments over the whole video: they stay valid that long, and this much more (pauses, a slow start). */
const PLAYBACK_MARGIN_SECONDS = 15 * 60;

/**
 * How long the presigned segment URLs written into a rendition playlist stay valid: at least
 * as long as the link the playlist was served through, and long enough to play the video
 * through once from the moment it was handed out.
 */
export function segmentUrlSeconds(video: { durationSeconds: number }, linkSecondsLeft: number, presignedUrlTtlSeconds: number): number {
  return Math.min(PRESIGN_MAX_SECONDS, Math.max(linkSecondsLeft, presignedUrlTtlSeconds, Math.ceil(video.durationSeconds) + PLAYBACK_MARGIN_SECONDS));
}

/** A stored text file of the HLS copy, whole; 404 when it is not there. */
export async function readSmallFile(storage: VideoStorage, key: string, maxBytes = PLAYLIST_MAX_BYTES): Promise<string> {
  const stored = await storage.stat(key);
  if (!stored) throw new AppError('VIDEO_NOT_FOUND', 'Video not found');
  if (stored.size > maxBytes) throw new Error(`${key} has ${stored.size} bytes, more than a playlist may (${maxBytes})`);
  if (stored.size === 0) return '';
  return (await readBytes(storage, key, { start: 0, end: stored.size - 1 })).toString('utf8');
}

/** A segment line of our own playlists: a plain file name beside the playlist (`seg-000.ts`). */
const SEGMENT_LINE = /^[A-Za-z0-9][\w-]*\.ts$/;

/**
 * A rendition playlist whose segment lines are replaced by the URLs `urlOf` gives for them
 * (presigned URLs of the bucket); tags and comments stay. A line that is not one of our
 * segments' names is refused rather than passed on unsigned.
 */
export async function withSegmentUrls(playlist: string, urlOf: (segment: string) => Promise<string>): Promise<string> {
  const lines = playlist.split(/\r?\n/);
  const rewritten = await Promise.all(
    lines.map(async (line) => {
      const entry = line.trim();
      if (entry === '' || entry.startsWith('#')) return line;
      if (!SEGMENT_LINE.test(entry)) throw new Error(`unexpected playlist entry: ${entry.slice(0, 80)}`);
      return urlOf(entry);
    }),
  );
  return rewritten.join('\n');
}

/** How much longer than the asker needs a rewritten playlist's URLs are signed for, so that the askers of the next minutes share it. */
const REUSE_SECONDS = 15 * 60;
/** Rewritten playlists kept, and their characters at most (a three-hour video's is ~150 KB once signed). */
const CACHE_MAX_ENTRIES = 256;
const CACHE_MAX_CHARS = 16 * 1024 * 1024;

type SignedPlaylist = { text: string; validUntilMs: number };

/**
 * Rendition playlists already rewritten with presigned segment URLs, shared by every viewer: a
 * presigned URL names an object and an expiry, never who asked (access is checked before the
 * playlist is handed out), so one rewrite serves everyone whose need it covers. Signing the
 * segments of an hour of video costs ~50 ms of CPU (bench/hls-playlists.ts); a cache hit, none.
 * Concurrent misses for one playlist share one rewrite. Bounded in entries and characters;
 * the oldest go first.
 */
export class SignedPlaylistCache {
  private readonly entries = new Map<string, Promise<SignedPlaylist>>();
  private chars = 0;
  private readonly sizes = new Map<string, number>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly counters: CacheCounters = noCacheCounters,
  ) {}

  /**
   * The playlist under `key` with URLs valid at least `needSeconds` from now: a kept one that
   * covers it, or one `rewrite` signs for `needSeconds` plus a reuse margin (7 days at most).
   */
  async get(key: string, needSeconds: number, rewrite: (signSeconds: number) => Promise<string>): Promise<string> {
    const neededUntil = this.now() + needSeconds * 1000;
    const kept = this.entries.get(key);
    if (kept) {
      const playlist = await kept.catch(() => null);
      if (playlist && playlist.validUntilMs >= neededUntil) {
        this.counters.hit();
        return playlist.text;
      }
      if (this.entries.get(key) === kept) this.forget(key);
    }
    this.counters.miss();
    const signSeconds = Math.min(PRESIGN_MAX_SECONDS, needSeconds + REUSE_SECONDS);
    const signedAt = this.now();
    const made = rewrite(signSeconds).then((text) => ({ text, validUntilMs: signedAt + signSeconds * 1000 }));
    this.entries.set(key, made);
    made.then(
      (playlist) => this.account(key, made, playlist.text.length),
      () => {
        if (this.entries.get(key) === made) this.forget(key);
      },
    );
    return (await made).text;
  }

  private account(key: string, entry: Promise<SignedPlaylist>, size: number) {
    if (this.entries.get(key) !== entry) return;
    this.sizes.set(key, size);
    this.chars += size;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= CACHE_MAX_ENTRIES && this.chars <= CACHE_MAX_CHARS) break;
      if (oldest !== key) this.forget(oldest);
    }
  }

  private forget(key: string) {
    this.entries.delete(key);
    this.chars -= this.sizes.get(key) ?? 0;
    this.sizes.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
