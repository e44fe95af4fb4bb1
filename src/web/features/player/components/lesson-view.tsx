import { Alert, AspectRatio, Badge, Button, Center, Group, Loader, Stack, Text, Typography, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LessonState } from '../../../../shared/schemas/progress';
import { resumePosition } from '../../../entities/progress/use-video-progress';
import { useLessonContent, type LessonContent } from '../api/get-lesson-content';
import { LessonVideo } from './lesson-video';

type Props = {
  courseId: number;
  lessonId: number;
  state: LessonState;
  /** The saved position; only its value when the lesson opens counts. */
  saved: { positionSeconds: number; durationSeconds: number } | undefined;
  onDone: (lessonId: number) => void;
  onVideoEnded: () => void;
};

/** The open lesson: its video, its text or its file, by kind. */
export function LessonView({ courseId, lessonId, state, saved, onDone, onVideoEnded }: Props) {
  const { t } = useTranslation('orders');
  const content = useLessonContent(lessonId);
  // Read once, when the lesson opens: the progress read again after each save must not seek the playing video.
  const [resumeAt] = useState(() => resumePosition(saved));
  if (content.isPending) {
    return (
      <AspectRatio ratio={16 / 9}>
        <Center bg="dark.7" role="status">
          <Loader color="gray.0" aria-hidden="true" />
          <VisuallyHidden>{t('player.loading')}</VisuallyHidden>
        </Center>
      </AspectRatio>
    );
  }
  if (content.isError) return <Alert color="yellow">{t('player.lessonUnavailable')}</Alert>;
  const lesson = content.data;
  if (lesson.kind === 'video') {
    if (!lesson.video) return <Alert color="yellow">{t('player.videoUnavailable')}</Alert>;
    return <LessonVideo courseId={courseId} lessonId={lesson.id} title={lesson.title} video={lesson.video} resumeAt={resumeAt} onEnded={onVideoEnded} />;
  }
  if (lesson.kind === 'text') return <TextLesson lesson={lesson} done={state === 'done'} onDone={() => onDone(lesson.id)} />;
  return <ResourceLesson lesson={lesson} done={state === 'done'} onDone={() => onDone(lesson.id)} />;
}

function DoneBadge({ label }: { label: string }) {
  return (
    <Badge color="teal" variant="light" role="status">
      {label}
    </Badge>
  );
}

/**
 * A text lesson: the server's sanitised HTML, counted as read when its end comes into view (a
 * mark after the last line), or with "Marcar como leída" where that cannot be seen.
 */
function TextLesson({ lesson, done, onDone }: { lesson: LessonContent; done: boolean; onDone: () => void }) {
  const { t } = useTranslation('orders');
  const endRef = useRef<HTMLDivElement>(null);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    const end = endRef.current;
    if (done || !end || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        onDoneRef.current();
      }
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [done, lesson.id]);

  return (
    <Stack gap="md">
      <Typography>
        {/* Rendered from Markdown and sanitised on the server (an allowlist of harmless elements). */}
        <div className="lesson-text" dangerouslySetInnerHTML={{ __html: lesson.html ?? '' }} />
      </Typography>
      <div ref={endRef} data-testid="lesson-text-end" />
      <Group>{done ? <DoneBadge label={t('player.read')} /> : <Button onClick={onDone}>{t('player.markRead')}</Button>}</Group>
    </Stack>
  );
}

/** A file lesson: its download (which counts it done), or "Marcar como hecha". */
function ResourceLesson({ lesson, done, onDone }: { lesson: LessonContent; done: boolean; onDone: () => void }) {
  const { t } = useTranslation('orders');
  const download = lesson.download;
  return (
    <Stack gap="md">
      <Text fw={700}>{lesson.title}</Text>
      {download ? (
        <Group>
          <Button component="a" href={download.url} download={download.name} onClick={onDone}>
            {t('player.download', { name: download.name })}
          </Button>
        </Group>
      ) : (
        <Alert color="yellow">{t('player.downloadUnavailable')}</Alert>
      )}
      <Group>
        {done ? (
          <DoneBadge label={t('player.lessonStates.done')} />
        ) : (
          <Button variant="light" onClick={onDone}>
            {t('player.markDone')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
