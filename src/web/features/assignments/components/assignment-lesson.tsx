import { Alert, Button, FileInput, Group, Loader, Stack, Text, Textarea, Title, Typography } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assignmentLimits } from '../../../../shared/limits';
import { toast } from '../../../components/toasts';
import { errorMessage } from '../../../lib/error-message';
import { useAssignmentLesson, useHandIn, type AssignmentLessonData } from '../api/assignments';
import { acceptedFiles, fileProblem, formatBytes } from '../lib';
import { SubmissionDetails } from './submission-details';

/** How the assignment is graded, in a sentence. */
export function GradingSummary({ grading, maxPoints, passingPoints }: Pick<AssignmentLessonData, 'grading' | 'maxPoints' | 'passingPoints'>) {
  const { t } = useTranslation('assignments');
  return <Text size="sm">{grading === 'points' ? t('grading.points', { max: maxPoints, passing: passingPoints }) : t('grading.passFail')}</Text>;
}

/**
 * The hand-in form: an answer in Markdown and/or one file, checked in the browser (type and
 * size) before anything is sent; the server checks the file again by its content.
 */
export function HandInForm({ lesson, again }: { lesson: AssignmentLessonData; again: boolean }) {
  const { t, i18n } = useTranslation('assignments');
  const headingId = useId();
  const [answerText, setAnswerText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const handIn = useHandIn(lesson.lessonId);
  const size = formatBytes(lesson.limits.maxBytes, i18n.language);

  const choose = (chosen: File | null) => {
    const found = chosen ? fileProblem(chosen, lesson.limits) : null;
    setProblem(found ? t(`handIn.${found}`, { size }) : null);
    setFile(found ? null : chosen);
  };
  const submit = () => {
    if (!answerText.trim() && !file) {
      setProblem(t('handIn.empty'));
      return;
    }
    setProblem(null);
    handIn.mutate(
      { answerText, file },
      {
        onSuccess: () => {
          setAnswerText('');
          setFile(null);
          toast.success(t('handIn.done'));
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <Stack renderRoot={(props) => <form method="post" {...props} />} gap="sm" aria-labelledby={headingId} onSubmit={(event) => (event.preventDefault(), submit())}>
      <Title order={3} size="h4" id={headingId}>
        {again ? t('handIn.titleAgain') : t('handIn.title')}
      </Title>
      <Textarea
        label={t('handIn.text')}
        description={t('handIn.textHint', { max: assignmentLimits.answerTextMax })}
        value={answerText}
        maxLength={assignmentLimits.answerTextMax}
        rows={5}
        onChange={(event) => setAnswerText(event.currentTarget.value)}
      />
      <FileInput label={t('handIn.file')} description={t('handIn.fileHint', { size })} accept={acceptedFiles(lesson.limits.fileTypes)} value={file} onChange={choose} clearable />
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      <Group>
        <Button type="submit" loading={handIn.isPending}>
          {t('handIn.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Where the learner stands, in a sentence read out when it changes. */
function StateNote({ lesson }: { lesson: AssignmentLessonData }) {
  const { t } = useTranslation('assignments');
  const latest = lesson.submissions[0];
  // A visitor on a free preview, someone who has not bought the course, its owner or an admin: they read, and hand in nothing.
  if (!lesson.isLearner) return <Alert color="gray">{t('lesson.notLearner')}</Alert>;
  const text = latest?.state === 'waiting' ? t('lesson.waiting') : latest?.state === 'passed' ? t('lesson.passed') : latest?.state === 'failed' ? t('lesson.failed') : t('lesson.completionNote');
  return (
    <Text role="status" fw={latest ? 600 : undefined} size="sm">
      {text}
    </Text>
  );
}

/**
 * An assignment lesson in the course player: its instructions, how it is graded, the hand-in
 * form while the learner may hand in, and every hand-in with its review, newest first.
 */
export function AssignmentLesson({ lessonId }: { lessonId: number }) {
  const { t } = useTranslation('assignments');
  const lesson = useAssignmentLesson(lessonId);
  const historyId = useId();
  if (lesson.isPending) return <Loader aria-label={t('editor.loading')} />;
  if (lesson.isError) return <Alert color="yellow">{t('lesson.unavailable')}</Alert>;
  const data = lesson.data;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {data.title}
        </Title>
        <GradingSummary grading={data.grading} maxPoints={data.maxPoints} passingPoints={data.passingPoints} />
        <Typography>
          {/* Rendered from Markdown and sanitised on the server, as a text lesson. */}
          <div className="lesson-text" dangerouslySetInnerHTML={{ __html: data.instructionsHtml }} />
        </Typography>
      </Stack>
      <StateNote lesson={data} />
      {data.canHandIn ? <HandInForm lesson={data} again={data.submissions.length > 0} /> : null}
      {data.submissions.length > 0 ? (
        <Stack component="section" aria-labelledby={historyId} gap="sm">
          <Title order={3} size="h4" id={historyId}>
            {t('lesson.history')}
          </Title>
          {data.submissions.map((submission) => (
            <SubmissionDetails key={submission.id} submission={submission} maxPoints={data.maxPoints} headingOrder={4} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
