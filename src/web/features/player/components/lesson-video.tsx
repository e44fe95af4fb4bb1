import { AspectRatio, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPlaybackTime, useVideoProgress } from '../../../entities/progress/use-video-progress';
import { useHlsPlayback } from '../../../lib/use-hls-playback';
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
  const playback = useHlsPlayback(videoRef, { hlsUrl: video.hlsUrl, mp4Url: video.url });
  // Before the autoplay: the position is restored, and the first `playing` heard.
  useVideoProgress(videoRef, { courseId, lessonId, src: playback.sourceKey ?? video.url, resumeAt });
  const { mutedByBrowser, setMutedByBrowser, unmute } = useAutoplay(videoRef, playback.sourceKey);
  const [resumed, setResumed] = useState(resumeAt);
  const ratio = video.width > 0 && video.height > 0 ? video.width / video.height : 16 / 9;

  const startOver = () => {
    const element = videoRef.current;
    if (element) element.currentTime = 0;
    setResumed(null);
  };
  return (
    <Stack gap="xs">
      <AspectRatio ratio={ratio} maw={ratio < 1 ? 420 : undefined} mx="auto" w="100%">
        <video
          ref={videoRef}
          src={playback.src}
          poster={video.posterUrl ?? undefined}
          data-playback={playback.mode}
          onError={reloadVideoAfterNetworkError}
          onEnded={onEnded}
          controls
          autoPlay
          playsInline
          preload="metadata"
          aria-label={t('player.videoLabel', { title })}
          style={{ background: '#000' }}
          // Unmuting with the video's own controls answers the hint too.
          onVolumeChange={(event) => {
            if (!event.currentTarget.muted) setMutedByBrowser(false);
          }}
        >
          {t('player.videoUnsupported')}
        </video>
      </AspectRatio>
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
