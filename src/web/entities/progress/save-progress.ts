import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { maxProgressBatch, type LessonProgressEntry } from '../../../shared/schemas/progress';
import { call, isApiError } from '../../lib/api-client';

/**
 * Saves lessons' progress in one request. `keepalive` lets it finish after the page is gone (closing
 * the tab, following a link out): `navigator.sendBeacon` could only POST, and this is a PUT,
 * sent from the page's own origin like any other call, so the server's same-origin check passes.
 */
export const saveProgress = (lessons: LessonProgressEntry[], { keepalive = false }: { keepalive?: boolean } = {}) =>
  call(endpoints.saveProgress, { body: { lessons }, keepalive });

type Send = (lessons: LessonProgressEntry[], options: { keepalive: boolean }) => Promise<unknown>;

const keyOf = (entry: Pick<LessonProgressEntry, 'lessonId'>) => String(entry.lessonId);
/** What the server keeps of a save: whole seconds, and whether the lesson was marked done or not done. */
const savedForm = (entry: LessonProgressEntry) => `${entry.positionSeconds == null ? '' : Math.round(entry.positionSeconds)}/${entry.completed ?? ''}`;

/**
 * Saves waiting to be sent, one per lesson (a newer position replaces the older; the last mark,
 * done or not done, is the one sent), all sent
 * together in one small request when `flush` is called: every few seconds while a video
 * plays, on pause, and once more when the page goes away. A position equal to the last one
 * saved is not sent again, so a paused player sends nothing.
 *
 * A failed save that may succeed later (the network, a 5xx) puts its positions back unless a
 * newer one arrived meanwhile; a refusal (4xx: the course was refunded, the session ended) drops them.
 */
export class ProgressOutbox {
  private readonly pending = new Map<string, LessonProgressEntry>();
  private readonly saved = new Map<string, string>();
  private inFlight: Promise<unknown> = Promise.resolve();

  constructor(private readonly send: Send) {}

  record(entry: LessonProgressEntry): void {
    const key = keyOf(entry);
    const pending = this.pending.get(key);
    if (!pending && this.saved.get(key) === savedForm(entry)) return;
    const completed = entry.completed ?? pending?.completed;
    this.pending.set(key, {
      lessonId: entry.lessonId,
      positionSeconds: entry.positionSeconds ?? pending?.positionSeconds,
      ...(completed != null ? { completed } : {}),
    });
  }

  get size(): number {
    return this.pending.size;
  }

  /**
   * Sends what is pending; resolves to false when something could not be saved. Saves run one
   * after another so an older position never lands after a newer one; a `keepalive` flush (the
   * page is going away and cannot wait) is sent at once.
   */
  flush({ keepalive = false }: { keepalive?: boolean } = {}): Promise<boolean> {
    if (keepalive) return this.sendPending(true);
    const next = this.inFlight.then(() => this.sendPending(false));
    this.inFlight = next.catch(() => undefined);
    return next;
  }

  private async sendPending(keepalive: boolean): Promise<boolean> {
    if (this.pending.size === 0) return true;
    const batch = [...this.pending.values()];
    this.pending.clear();
    let ok = true;
    for (let start = 0; start < batch.length; start += maxProgressBatch) {
      const part = batch.slice(start, start + maxProgressBatch);
      try {
        await this.send(part, { keepalive });
        for (const position of part) this.saved.set(keyOf(position), savedForm(position));
      } catch (error) {
        ok = false;
        const mayRetry = !isApiError(error) || error.status === 0 || error.status >= 500;
        if (!mayRetry) continue;
        for (const position of part) if (!this.pending.has(keyOf(position))) this.pending.set(keyOf(position), position);
      }
    }
    return ok;
  }
}

/** The app's one outbox: every player of the tab saves through it. */
export const progressOutbox = new ProgressOutbox((lessons, options) => saveProgress(lessons, options));
