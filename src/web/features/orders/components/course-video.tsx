import { Alert, AspectRatio, Button, Center, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHlsPlayback } from '../../../lib/use-hls-playback';
import { useMainVideo } from '../api/get-main-video';
import { reloadVideoAfterNetworkError } from '../../../lib/video-recovery';

/**
 * Starts the video as soon as it is there. Browsers may refuse to play sound the user did not
 * ask for (play() rejects with NotAllowedError): then it plays muted, and `mutedByBrowser`
 * lets the page offer the sound back.
 */
function useAutoplay(videoRef: React.RefObject<HTMLVideoElement | null>, url: string | undefined) {
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
  }, [url, videoRef]);

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

/**
 * The course's main (second) video, autoplaying with controls, from a short-lived signed URL:
 * as HLS once its renditions are ready, the MP4 until then (or if HLS fails).
 */
export function CourseVideo({ courseId, title }: { courseId: number; title: string }) {
  const { t } = useTranslation('orders');
  const video = useMainVideo(courseId);
  const videoRef = useRef<HTMLVideoElement>(null);
  const playback = useHlsPlayback(videoRef, { hlsUrl: video.data?.hlsUrl, mp4Url: video.data?.url });
  const { mutedByBrowser, setMutedByBrowser, unmute } = useAutoplay(videoRef, playback.sourceKey);
  if (video.isPending) {
    return (
      <AspectRatio ratio={16 / 9}>
        <Center bg="dark.7" role="status">
          <Loader color="gray.0" aria-hidden="true" />
          <VisuallyHidden>{t('player.loading')}</VisuallyHidden>
        </Center>
      </AspectRatio>
    );
  }
  if (video.isError) {
    return <Alert color="yellow">{t('player.videoUnavailable')}</Alert>;
  }
  const { width, height, posterUrl } = video.data;
  const ratio = width > 0 && height > 0 ? width / height : 16 / 9;
  return (
    <Stack gap="xs">
      <AspectRatio ratio={ratio} maw={ratio < 1 ? 420 : undefined} mx="auto" w="100%">
        <video
          ref={videoRef}
          src={playback.src}
          poster={posterUrl ?? undefined}
          data-playback={playback.mode}
          controls
          autoPlay
          playsInline
          preload="metadata"
          onError={reloadVideoAfterNetworkError}
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
