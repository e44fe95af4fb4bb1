import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * How a video plays: `native` HLS (Safari, iOS), HLS through `hls.js` (Media Source
 * Extensions: Chrome, Firefox, Edge), or the `mp4` (no HLS copy yet, no way to play one, or
 * the HLS copy failed). `pending` until the browser was asked (after mount, so that a page
 * rendered on the server and the browser's first render agree).
 */
export type PlaybackMode = 'pending' | 'native' | 'hls.js' | 'mp4';

function pickMode(video: HTMLVideoElement | null, hlsUrl: string | null | undefined): PlaybackMode {
  // The element is not there yet (its page shows a loader until the video's links arrive).
  if (!video) return 'pending';
  if (!hlsUrl) return 'mp4';
  if (video.canPlayType(HLS_TYPE)) return 'native';
  if (typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window)) return 'hls.js';
  return 'mp4';
}

type HlsPlayback = {
  /** The `src` for the `<video>`: the MP4 or the native HLS playlist; undefined while hls.js feeds the element itself (or before the mode is known). */
  src: string | undefined;
  mode: PlaybackMode;
  /** Changes each time a source is attached: effects that start playback (autoplay) depend on it. */
  sourceKey: string | undefined;
};

/**
 * Plays a video as HLS when it has an HLS copy (`hlsUrl`), else as the MP4 (`mp4Url`). hls.js
 * is loaded only here, only when needed (its own chunk, never in a page's first download). Any
 * fatal HLS failure falls back to the MP4 at the same time in the video.
 */
export function useHlsPlayback(videoRef: RefObject<HTMLVideoElement | null>, { hlsUrl, mp4Url }: { hlsUrl: string | null | undefined; mp4Url: string | undefined }): HlsPlayback {
  const [mode, setMode] = useState<PlaybackMode>('pending');
  const [hlsAttached, setHlsAttached] = useState(0);
  const resumeAt = useRef(0);

  // Asked again when the links arrive (the element appears with them).
  useEffect(() => {
    const video = videoRef.current;
    const next = pickMode(video, hlsUrl);
    // Native HLS (Chromium's too) refuses segments from another origin fetched without CORS: with
    // the videos in a bucket they are its presigned URLs, which its CORS rule lets the app's pages
    // read. Set before the source is, so that the first request already asks for CORS.
    if (next === 'native') video!.crossOrigin = 'anonymous';
    else video?.removeAttribute('crossorigin');
    setMode(next);
  }, [videoRef, hlsUrl, mp4Url]);

  const fallBack = useCallback(() => {
    resumeAt.current = videoRef.current?.currentTime ?? 0;
    // The MP4 plays as before, without CORS (a bucket without the rule still serves it).
    videoRef.current?.removeAttribute('crossorigin');
    setMode('mp4');
  }, [videoRef]);

  // hls.js: loaded on demand, attached to the element, destroyed with it.
  useEffect(() => {
    const video = videoRef.current;
    if (mode !== 'hls.js' || !video || !hlsUrl) return;
    let cancelled = false;
    let destroy = () => {};
    import('hls.js/light')
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) return fallBack();
        // No worker: the page's Content-Security-Policy allows none from a blob, and segments are small.
        const hls = new Hls({ capLevelToPlayerSize: true, enableWorker: false });
        destroy = () => hls.destroy();
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          hls.destroy();
          fallBack();
        });
        hls.loadSource(hlsUrl);
        hls.attachMedia(video);
        setHlsAttached((count) => count + 1);
      })
      .catch(() => {
        if (!cancelled) fallBack();
      });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [mode, hlsUrl, videoRef, fallBack]);

  // Native HLS: a failure to load the playlist falls back too.
  useEffect(() => {
    const video = videoRef.current;
    if (mode !== 'native' || !video) return;
    video.addEventListener('error', fallBack);
    return () => video.removeEventListener('error', fallBack);
  }, [mode, videoRef, fallBack]);

  // After a fallback, the MP4 picks up where the HLS copy stopped.
  useEffect(() => {
    const video = videoRef.current;
    if (mode !== 'mp4' || !video || resumeAt.current === 0) return;
    const resume = () => {
      video.currentTime = resumeAt.current;
      resumeAt.current = 0;
    };
    video.addEventListener('loadedmetadata', resume, { once: true });
    return () => video.removeEventListener('loadedmetadata', resume);
  }, [mode, videoRef]);

  const src = mode === 'mp4' ? mp4Url : mode === 'native' ? (hlsUrl ?? undefined) : undefined;
  const sourceKey = mode === 'pending' || (mode === 'hls.js' && hlsAttached === 0) ? undefined : `${mode}:${src ?? hlsUrl}:${hlsAttached}`;
  return { src, mode, sourceKey };
}
