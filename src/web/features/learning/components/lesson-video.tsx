import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { VideoPlayer } from '../../../components/video-player';
import { usePlayerSettings } from '../../../entities/player-settings/use-player-settings';
import { formatPlaybackTime, useVideoProgress } from '../../../entities/progress/use-video-progress';
import { reloadVideoAfterNetworkError } from '../../../lib/video-recovery';
import type { LessonContent } from '../api/get-lesson-content';

/**
 * Starts the video as soon as it is there. Browsers may refuse to play sound the user did not
 * ask for (play() rejects with NotAllowedError): then it plays muted, and `mutedByBrowser`
 * lets the page offer the sound back.
 */
function useAutoplay(videoRef: RefObject<HTMLVideoElement | null>, url: string | undefined) {
  const [mutedByBrowser, setMutedByBrowser] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !url) return;
    let cancelled = false;
    video.play().catch((error: unknown) => {
      if (cancelled || !(error instanceof DOMException) || error.name !== 'NotAllowedError') return;
      video.muted = true;
      setMutedByBrowser(true);
      // Muted playback is allowed everywhere; if even that is refused, the controls remain.
      video.play().catch(() => undefined);
    });
    return () => {
      cancelled = true;
    };
  }, [videoRef, url]);

  const unmute = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = false;
    setMutedByBrowser(false);
    // A click is the gesture the browser asked for.
    if (video.paused) video.play().catch(() => undefined);
  };

  return { mutedByBrowser, setMutedByBrowser, unmute };
}

type Props = {
  courseId: number;
  lessonId: number;
  title: string;
  video: NonNullable<LessonContent['video']>;
  /** Where to start (a saved position), read once when the lesson opens. */
  resumeAt: number | null;
  /** The video reached its end (the page may move on to the next lesson). */
  onEnded?: () => void;
};

/**
 * A video lesson: played as HLS once its renditions are ready, the MP4 until then; resumed
 * where the learner stopped, saying "Continuar desde 3:12"; its position saved as it plays.
 */
export function LessonVideo({ courseId, lessonId, title, video, resumeAt, onEnded }: Props) {
  const { t } = useTranslation('orders');
  const videoRef = useRef<HTMLVideoElement>(null);
  // The player reports each attached source (HLS or MP4): saving and autoplay follow it.
  const [sourceKey, setSourceKey] = useState<string | undefined>(undefined);
  const settings = usePlayerSettings();
  // Before the autoplay: the position is restored, and the first `playing` heard.
  useVideoProgress(videoRef, { courseId, lessonId, src: sourceKey ?? video.url, resumeAt });
  const { mutedByBrowser, setMutedByBrowser, unmute } = useAutoplay(videoRef, sourceKey);
  const [resumed, setResumed] = useState(resumeAt);
  const ratio = video.width > 0 && video.height > 0 ? video.width / video.height : 16 / 9;

  const startOver = () => {
    const element = videoRef.current;
    if (element) element.currentTime = 0;
    setResumed(null);
  };
  return (
    <Stack gap="xs">
      <VideoPlayer
        videoRef={videoRef}
        onSourceKey={setSourceKey}
        hlsUrl={video.hlsUrl}
        mp4Url={video.url}
        captions={video.captions}
        thumbnailsUrl={video.thumbnailsUrl}
        settings={settings.settings}
        onSettingsChange={settings.change}
        transcript
        globalShortcuts
        stageStyle={{ aspectRatio: String(ratio), width: '100%', maxWidth: ratio < 1 ? 420 : undefined }}
        poster={video.posterUrl ?? undefined}
        onError={reloadVideoAfterNetworkError}
        onEnded={onEnded}
        autoPlay
        preload="metadata"
        aria-label={t('player.videoLabel', { title })}
        fallbackText={t('player.videoUnsupported')}
        // Unmuting with the player's own controls answers the hint too.
        onVolumeChange={(event) => {
          if (!event.currentTarget.muted) setMutedByBrowser(false);
        }}
      />
      {resumed !== null ? (
        <Group justify="space-between" gap="xs" role="status">
          <Text size="sm">{t('player.resumeFrom', { time: formatPlaybackTime(resumed) })}</Text>
          <Button size="xs" variant="subtle" onClick={startOver}>
            {t('player.startOver')}
          </Button>
        </Group>
      ) : null}
      {mutedByBrowser ? (
        <Group justify="space-between" gap="xs" role="status">
          <Text size="sm">{t('player.mutedByBrowser')}</Text>
          <Button size="xs" variant="light" onClick={unmute}>
            {t('player.unmute')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
