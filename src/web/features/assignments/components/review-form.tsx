import { Alert, Button, FileInput, Group, NumberInput, Radio, SegmentedControl, Stack, Text, Textarea, Title, Typography } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assignmentFileTypes, assignmentLimits } from '../../../../shared/limits';
import type { ReviewInput } from '../../../../shared/schemas/assignments';
import { toast } from '../../../components/toasts';
import { errorMessage } from '../../../lib/error-message';
import { useReviewSubmission, useSubmissionForReview, type SubmissionForReviewData } from '../api/assignments';
import { acceptedFiles, fileProblem } from '../lib';
import { GradingSummary } from './assignment-lesson';
import { SubmissionDetails } from './submission-details';

/** The review form: grade (pass or fail, or points) or return for another try, feedback, and an optional file. */
export function ReviewForm({ data, maxBytes }: { data: SubmissionForReviewData; maxBytes?: number }) {
  const { t } = useTranslation('assignments');
  const headingId = useId();
  const [outcome, setOutcome] = useState<ReviewInput['outcome']>('grade');
  const [passed, setPassed] = useState<'passed' | 'failed' | null>(null);
  const [points, setPoints] = useState<number | ''>('');
  const [feedback, setFeedback] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const review = useReviewSubmission(data.courseId, data.submission.id);
  const byPoints = data.grading === 'points';

  const choose = (chosen: File | null) => {
    const found = chosen ? fileProblem(chosen, { maxBytes: maxBytes ?? Number.MAX_SAFE_INTEGER, fileTypes: assignmentFileTypes }) : null;
    setProblem(found ? t(`handIn.${found}`, { size: '' }) : null);
    setFile(found ? null : chosen);
  };
  const submit = () => {
    if (outcome === 'grade' && !byPoints && passed === null) return setProblem(t('review.chooseGrade'));
    if (outcome === 'grade' && byPoints && (points === '' || points < 0 || points > (data.maxPoints ?? 0))) return setProblem(t('review.givePoints', { max: data.maxPoints }));
    setProblem(null);
    const body: ReviewInput = {
      outcome,
      passed: outcome === 'grade' && !byPoints ? passed === 'passed' : null,
      points: byPoints && points !== '' ? points : null,
      feedback,
    };
    review.mutate(
      { review: body, file },
      {
        onSuccess: () => toast.success(t('review.sent')),
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <Stack renderRoot={(props) => <form method="post" {...props} />} gap="sm" aria-labelledby={headingId} onSubmit={(event) => (event.preventDefault(), submit())}>
      <Title order={3} size="h4" id={headingId}>
        {t('review.title')}
      </Title>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`${headingId}-decision`}>
          {t('review.decision')}
        </Text>
        <SegmentedControl
          aria-labelledby={`${headingId}-decision`}
          value={outcome}
          onChange={(value) => setOutcome(value as ReviewInput['outcome'])}
          data={[
            { value: 'grade', label: t('review.grade') },
            { value: 'return', label: t('review.return') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      {outcome === 'grade' && !byPoints ? (
        <Radio.Group label={t('review.grade')} value={passed} onChange={(value) => setPassed(value as 'passed' | 'failed')} required>
          <Group mt={4}>
            <Radio value="passed" label={t('review.passed')} />
            <Radio value="failed" label={t('review.failed')} />
          </Group>
        </Radio.Group>
      ) : null}
      {byPoints ? (
        <NumberInput
          label={t('review.points', { max: data.maxPoints })}
          min={0}
          max={data.maxPoints ?? 0}
          allowDecimal={false}
          value={points}
          onChange={(value) => setPoints(value === '' ? '' : Number(value))}
          required={outcome === 'grade'}
          style={{ maxWidth: 220 }}
        />
      ) : null}
      <Textarea
        label={t('review.feedback')}
        description={t('review.feedbackHint', { max: assignmentLimits.feedbackMax })}
        value={feedback}
        maxLength={assignmentLimits.feedbackMax}
        rows={4}
        onChange={(event) => setFeedback(event.currentTarget.value)}
      />
      <FileInput label={t('review.file')} accept={acceptedFiles(assignmentFileTypes)} value={file} onChange={choose} clearable />
      {data.pendingReturnedFile ? <Text size="sm">{t('review.pendingFile', { name: data.pendingReturnedFile.name })}</Text> : null}
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      <Group>
        <Button type="submit" loading={review.isPending}>
          {t('review.send')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A hand-in as its reviewer sees it: the assignment, the learner's work and earlier hand-ins, and the review form while it waits. */
export function SubmissionReview({ courseId, submissionId }: { courseId: number; submissionId: string }) {
  const { t } = useTranslation('assignments');
  const query = useSubmissionForReview(courseId, submissionId);
  if (query.isPending) return <Text role="status">{t('editor.loading')}</Text>;
  if (query.isError) return <Alert color="red">{errorMessage(query.error)}</Alert>;
  const data = query.data;
  const { submission } = data;
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('review.learnerWork', { learner: data.learnerName, version: submission.version, lesson: data.lessonTitle, course: data.courseTitle })}
      </Title>
      <GradingSummary grading={data.grading} maxPoints={data.maxPoints} passingPoints={data.passingPoints} />
      <details>
        <summary>{t('review.instructions')}</summary>
        <Typography>
          <div className="lesson-text" dangerouslySetInnerHTML={{ __html: data.instructionsHtml }} />
        </Typography>
      </details>
      <SubmissionDetails submission={submission} maxPoints={data.maxPoints} viewer="reviewer" />
      {submission.state === 'waiting' ? (
        <ReviewForm key={submission.id} data={data} />
      ) : (
        <Alert color="teal" role="status">
          {t('review.alreadyReviewed', { state: t(`states.${submission.state}`) })}
        </Alert>
      )}
      {data.earlier.length > 0 ? (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('review.earlier')}
          </Title>
          {data.earlier.map((earlier) => (
            <SubmissionDetails key={earlier.id} submission={earlier} maxPoints={data.maxPoints} viewer="reviewer" headingOrder={4} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
