import type { SyntheticEvent } from 'react';

/** MediaError.MEDIA_ERR_NETWORK (not every test DOM defines MediaError). */
const MEDIA_ERR_NETWORK = 2;
/** A second failure this soon after a reload is the link itself being refused (expired, access taken away): it shows. */
const MIN_MS_BETWEEN_RELOADS = 10_000;

const lastReload = new WeakMap<HTMLVideoElement, number>();

/**
 * `onError` of a `<video>` whose source is an app video link. With object storage the link
 * redirects to a presigned URL of the bucket that is valid for a minute, and browsers keep
 * fetching the later ranges (a seek, loading again after a long pause) from the URL they were
 * redirected to: once it has expired, that range fails with a network error. Loading the app's
 * link again gets a fresh URL (after the app checks access again); playback goes on where it was.
 */
export function reloadVideoAfterNetworkError(event: SyntheticEvent<HTMLVideoElement>): void {
  const video = event.currentTarget;
  if (video.error?.code !== MEDIA_ERR_NETWORK) return;
  const now = Date.now();
  if (now - (lastReload.get(video) ?? -Infinity) < MIN_MS_BETWEEN_RELOADS) return;
  lastReload.set(video, now);
  const position = video.currentTime;
  const wasPlaying = !video.paused;
  video.addEventListener(
    'loadedmetadata',
    () => {
      video.currentTime = position;
      if (wasPlaying) video.play().catch(() => undefined);
    },
    { once: true },
  );
  video.load();
}
