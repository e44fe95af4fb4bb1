import { Alert, AspectRatio, Badge, Button, Center, Group, Loader, Stack, Text, Typography, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LessonState } from '../../../../shared/schemas/progress';
import { resumePosition } from '../../../entities/progress/use-video-progress';
import { useLessonContent, type LessonContent } from '../api/get-lesson-content';
import { LessonVideo } from './lesson-video';
import { QuizLesson } from '../../quizzes';
import { AssignmentLesson } from '../../assignments';

type Props = {
  courseId: number;
  lessonId: number;
  state: LessonState;
  /** The saved position; only its value when the lesson opens counts. */
  saved: { positionSeconds: number; durationSeconds: number } | undefined;
  /** The learner marks a text or file lesson done (true) or not done (false). */
  onDone: (lessonId: number, done: boolean) => void;
  onVideoEnded: () => void;
};

/** The open lesson: its video, its text, its file or its assignment, by kind. */
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
  // A quiz completes itself when passed (on the server): no toggle.
  if (lesson.kind === 'quiz') return <QuizLesson courseId={courseId} lessonId={lesson.id} />;
  // An assignment is done once a review passes it: no mark of the learner's.
  if (lesson.kind === 'assignment') return <AssignmentLesson lessonId={lesson.id} />;
  if (lesson.kind === 'text') return <TextLesson lesson={lesson} done={state === 'done'} onDone={(done) => onDone(lesson.id, done)} />;
  return <ResourceLesson lesson={lesson} done={state === 'done'} onDone={(done) => onDone(lesson.id, done)} />;
}

/**
 * The learner's own mark on a text or a file: "done" with a way back, or the button that marks
 * it. Nothing marks these lessons by itself (reading to the end, downloading): a certificate says
 * the learner completed them, so the learner says so.
 */
function DoneToggle({ done, onDone, labels }: { done: boolean; onDone: (done: boolean) => void; labels: { done: string; mark: string; unmark: string } }) {
  return (
    <Group>
      {done ? (
        <>
          <Badge color="teal" variant="light" role="status">
            {labels.done}
          </Badge>
          <Button variant="subtle" size="compact-sm" onClick={() => onDone(false)}>
            {labels.unmark}
          </Button>
        </>
      ) : (
        <Button variant="light" onClick={() => onDone(true)}>
          {labels.mark}
        </Button>
      )}
    </Group>
  );
}

/** A text lesson: the server's sanitised HTML, and the learner's "read" mark. */
function TextLesson({ lesson, done, onDone }: { lesson: LessonContent; done: boolean; onDone: (done: boolean) => void }) {
  const { t } = useTranslation('orders');
  return (
    <Stack gap="md">
      <Typography>
        {/* Rendered from Markdown and sanitised on the server (an allowlist of harmless elements). */}
        <div className="lesson-text" dangerouslySetInnerHTML={{ __html: lesson.html ?? '' }} />
      </Typography>
      <DoneToggle done={done} onDone={onDone} labels={{ done: t('player.read'), mark: t('player.markRead'), unmark: t('player.markNotRead') }} />
    </Stack>
  );
}

/** A file lesson: its download, and the learner's "done" mark. */
function ResourceLesson({ lesson, done, onDone }: { lesson: LessonContent; done: boolean; onDone: (done: boolean) => void }) {
  const { t } = useTranslation('orders');
  const download = lesson.download;
  return (
    <Stack gap="md">
      <Text fw={700}>{lesson.title}</Text>
      {download ? (
        <Group>
          <Button component="a" href={download.url} download={download.name}>
            {t('player.download', { name: download.name })}
          </Button>
        </Group>
      ) : (
        <Alert color="yellow">{t('player.downloadUnavailable')}</Alert>
      )}
      <DoneToggle done={done} onDone={onDone} labels={{ done: t('player.lessonStates.done'), mark: t('player.markDone'), unmark: t('player.markNotDone') }} />
    </Stack>
  );
}
