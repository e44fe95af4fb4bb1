import { videoOrientation } from '../../../../shared/limits';
import type { IntroVideo as IntroVideoData } from '../../../../shared/schemas/catalog';
import { reloadVideoAfterNetworkError } from '../../../lib/video-recovery';

/** The course's first (intro) video, playable by anyone: portrait 220×385, landscape 350×300 (spec section 9). */
export function IntroVideo({ video, label }: { video: IntroVideoData; label: string }) {
  const box = video.height > video.width ? videoOrientation.portrait : videoOrientation.landscape;
  return (
    <video
      src={video.url}
      controls
      preload="metadata"
      onError={reloadVideoAfterNetworkError}
      width={box.width}
      height={box.height}
      aria-label={label}
      style={{ maxWidth: '100%', background: 'black', borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
}
