import { useRef } from 'react';
import { videoOrientation } from '../../../../shared/limits';
import type { IntroVideo as IntroVideoData } from '../../../../shared/schemas/catalog';
import { useHlsPlayback } from '../../../lib/use-hls-playback';

/**
 * The course's first (intro) video, playable by anyone: portrait 220×385, landscape 350×300
 * (spec section 9); as HLS once transcoded (hls.js loads when it plays that way), the MP4 before.
 */
export function IntroVideo({ video, label }: { video: IntroVideoData; label: string }) {
  const box = video.height > video.width ? videoOrientation.portrait : videoOrientation.landscape;
  const videoRef = useRef<HTMLVideoElement>(null);
  const playback = useHlsPlayback(videoRef, { hlsUrl: video.hlsUrl, mp4Url: video.url });
  return (
    <video
      ref={videoRef}
      src={playback.src}
      poster={video.posterUrl ?? undefined}
      data-playback={playback.mode}
      controls
      preload="metadata"
      width={box.width}
      height={box.height}
      aria-label={label}
      style={{ maxWidth: '100%', background: 'black', borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
}
