import { lazy, Suspense } from 'react';
import { videoOrientation } from '../../../../shared/limits';
import type { IntroVideo as IntroVideoData } from '../../../../shared/schemas/catalog';
import { reloadVideoAfterNetworkError } from '../../../lib/video-recovery';

/** Loaded only for an intro that has an HLS copy: the course page's first download stays as it was. */
const StreamingVideo = lazy(() => import('../../../components/streaming-video'));

/**
 * The course's first (intro) video, playable by anyone: portrait 220×385, landscape 350×300
 * (spec section 9); as HLS once transcoded (hls.js loads when it plays that way), the MP4 before.
 */
export function IntroVideo({ video, label }: { video: IntroVideoData; label: string }) {
  const box = video.height > video.width ? videoOrientation.portrait : videoOrientation.landscape;
  const props = {
    controls: true,
    preload: 'metadata',
    width: box.width,
    height: box.height,
    poster: video.posterUrl ?? undefined,
    'aria-label': label,
    style: { maxWidth: '100%', background: 'black', borderRadius: 'var(--mantine-radius-md)' },
  } as const;
  if (!video.hlsUrl) return <video src={video.url} onError={reloadVideoAfterNetworkError} {...props} />;
  return (
    <Suspense fallback={<video {...props} />}>
      <StreamingVideo hlsUrl={video.hlsUrl} mp4Url={video.url} {...props} />
    </Suspense>
  );
}
