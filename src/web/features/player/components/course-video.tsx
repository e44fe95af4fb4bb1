import { Alert, AspectRatio, Button, Center, Group, Loader, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { introVideoUrl } from '../../../../shared/endpoints/media';
import type { VideoKind, VideoProgress } from '../../../../shared/schemas/progress';
import { useCourseProgress } from '../../../entities/progress/get-course-progress';
import { formatPlaybackTime, resumePosition, useVideoProgress } from '../../../entities/progress/use-video-progress';
import { useMainVideo, type MainVideo } from '../api/get-main-video';
import { useHlsPlayback } from '../../../lib/use-hls-playback';
import { reloadVideoAfterNetworkError } from '../../../lib/video-recovery';

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

type Saved = Partial<Record<VideoKind, Pick<VideoProgress, 'positionSeconds' | 'durationSeconds'>>>;

/** The video the viewer was watching last; the main one when they have not started. */
function lastWatched(videos: VideoProgress[], withIntro: boolean): VideoKind {
  const latest = [...videos].filter((video) => withIntro || video.video === 'main').sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
  return latest?.video ?? 'main';
}

/**
 * The course's videos: the main one (from a short-lived signed URL) and, while the course is
 * in the catalogue, its intro, to choose between. Each resumes where the viewer stopped, on this
 * device or another, saying "Continuar desde 3:12", and saves its position as it plays.
 */
export function CourseVideo({ courseId, title, withIntro }: { courseId: number; title: string; withIntro: boolean }) {
  const { t } = useTranslation('orders');
  const video = useMainVideo(courseId);
  const progress = useCourseProgress(courseId);
  // Without the saved positions (a failed read) the video still plays, from the start.
  if (video.isPending || progress.isPending) {
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
  return <CourseVideos courseId={courseId} title={title} main={video.data} saved={progress.data ?? []} withIntro={withIntro} />;
}

function CourseVideos({ courseId, title, main, saved, withIntro }: { courseId: number; title: string; main: MainVideo; saved: VideoProgress[]; withIntro: boolean }) {
  const { t } = useTranslation('orders');
  const videoRef = useRef<HTMLVideoElement>(null);
  // Read once: later saves move on from here, and a refetch must not seek the playing video.
  const [positions, setPositions] = useState<Saved>(() => Object.fromEntries(saved.map((entry) => [entry.video, entry])));
  const [kind, setKind] = useState<VideoKind>(() => lastWatched(saved, withIntro));
  const choose = (next: VideoKind) => {
    // The video left resumes where it was when chosen again.
    const element = videoRef.current;
    if (element && Number.isFinite(element.duration) && element.duration > 0) {
      const left = { positionSeconds: Math.round(element.currentTime), durationSeconds: Math.ceil(element.duration) };
      setPositions((current) => ({ ...current, [kind]: left }));
    }
    setKind(next);
  };
  const source =
    kind === 'main'
      ? {
          url: main.url,
          hlsUrl: main.hlsUrl,
          posterUrl: main.posterUrl,
          ratio: main.width > 0 && main.height > 0 ? main.width / main.height : null,
          label: t('player.videoLabel', { title }),
        }
      : { url: introVideoUrl(courseId), hlsUrl: null, posterUrl: null, ratio: null, label: t('player.introLabel', { title }) };
  return (
    <Stack gap="xs">
      <VideoPlayer key={kind} videoRef={videoRef} courseId={courseId} kind={kind} source={source} resumeAt={resumePosition(positions[kind])} />
      {withIntro ? (
        <Group justify="center">
          <SegmentedControl
            aria-label={t('player.chooseVideo')}
            value={kind}
            onChange={(value) => choose(value as VideoKind)}
            data={[
              { value: 'intro', label: t('player.intro') },
              { value: 'main', label: t('player.main') },
            ]}
          />
        </Group>
      ) : null}
    </Stack>
  );
}

/** A video as the player plays it: as HLS once its renditions are ready (`hlsUrl`), the MP4 until then. */
type Source = { url: string; hlsUrl: string | null | undefined; posterUrl: string | null | undefined; ratio: number | null; label: string };

/** One video element, new for each video: its autoplay, its saved position and its hints. */
function VideoPlayer({
  videoRef,
  courseId,
  kind,
  source,
  resumeAt,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  courseId: number;
  kind: VideoKind;
  source: Source;
  resumeAt: number | null;
}) {
  const { t } = useTranslation('orders');
  const playback = useHlsPlayback(videoRef, { hlsUrl: source.hlsUrl, mp4Url: source.url });
  // Before the autoplay: the position is restored, and the first `playing` heard.
  useVideoProgress(videoRef, { courseId, video: kind, src: playback.sourceKey ?? source.url, resumeAt });
  const { mutedByBrowser, setMutedByBrowser, unmute } = useAutoplay(videoRef, playback.sourceKey);
  // The video's own shape once it is known (the intro's is not given), 16:9 until then.
  const [naturalRatio, setNaturalRatio] = useState<number | null>(null);
  const [resumed, setResumed] = useState(resumeAt);

  const ratio = source.ratio ?? naturalRatio ?? 16 / 9;
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
          poster={source.posterUrl ?? undefined}
          data-playback={playback.mode}
          onError={reloadVideoAfterNetworkError}
          controls
          autoPlay
          playsInline
          preload="metadata"
          aria-label={source.label}
          style={{ background: '#000' }}
          onLoadedMetadata={(event) => {
            const { videoWidth, videoHeight } = event.currentTarget;
            if (videoWidth > 0 && videoHeight > 0) setNaturalRatio(videoWidth / videoHeight);
          }}
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
