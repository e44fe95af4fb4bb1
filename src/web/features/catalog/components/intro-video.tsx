import { videoOrientation } from '../../../../shared/limits';
import type { IntroVideo as IntroVideoData } from '../../../../shared/schemas/catalog';
import { VideoPlayer } from '../../../components/video-player';
import { usePlayerSettings } from '../../../entities/player-settings/use-player-settings';
import { reloadVideoAfterNetworkError } from '../../../lib/video-recovery';

/**
 * The course's first (intro) video, playable by anyone: portrait 220×385, landscape 350×300
 * (spec section 9); as HLS once transcoded, the MP4 before. The player (and hls.js when it plays
 * that way) loads in its own chunks: the course page's first download stays as it was.
 */
export function IntroVideo({ video, label }: { video: IntroVideoData; label: string }) {
  const box = video.height > video.width ? videoOrientation.portrait : videoOrientation.landscape;
  const settings = usePlayerSettings();
  return (
    <VideoPlayer
      hlsUrl={video.hlsUrl}
      mp4Url={video.url}
      captions={video.captions}
      thumbnailsUrl={video.thumbnailsUrl}
      settings={settings.settings}
      onSettingsChange={settings.change}
      stageStyle={{ width: box.width, height: box.height, marginInline: 0 }}
      preload="metadata"
      poster={video.posterUrl ?? undefined}
      aria-label={label}
      onError={reloadVideoAfterNetworkError}
    />
  );
}
