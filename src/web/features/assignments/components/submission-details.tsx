import { Anchor, Badge, Group, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SubmissionState } from '../../../../shared/limits';
import type { SubmissionView } from '../../../../shared/schemas/assignments';
import { formatDateTime } from '../lib';

const stateColors: Record<SubmissionState, string> = { waiting: 'yellow', passed: 'teal', failed: 'red', returned: 'blue' };

/** A hand-in's state, as a badge whose text says it (the colour only repeats it). */
export function SubmissionStateBadge({ state }: { state: SubmissionState }) {
  const { t } = useTranslation('assignments');
  return (
    <Badge color={stateColors[state]} variant="light">
      {t(`states.${state}`)}
    </Badge>
  );
}

/**
 * One hand-in with its review: the learner's answer (the server's sanitised HTML) and file, then
 * the grade, the feedback and the teacher's file once reviewed.
 */
export function SubmissionDetails({ submission, maxPoints, headingOrder = 3, viewer = 'learner' }: { submission: SubmissionView; maxPoints: number | null; headingOrder?: 3 | 4; viewer?: 'learner' | 'reviewer' }) {
  const { t, i18n } = useTranslation('assignments');
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={t('lesson.version', { version: submission.version })}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={headingOrder} size="h5">
            {t('lesson.version', { version: submission.version })}
          </Title>
          <SubmissionStateBadge state={submission.state} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('lesson.submittedAt', { date: formatDateTime(submission.submittedAt, i18n.language) })}
          {submission.reviewedAt ? ` · ${t('lesson.reviewedAt', { date: formatDateTime(submission.reviewedAt, i18n.language) })}` : ''}
        </Text>
        {submission.answerHtml ? (
          <Typography>
            {/* Rendered from Markdown and sanitised on the server, as a text lesson. */}
            <div className="lesson-text" aria-label={t('lesson.answer')} dangerouslySetInnerHTML={{ __html: submission.answerHtml }} />
          </Typography>
        ) : null}
        {submission.file ? (
          <Anchor href={submission.file.url} download={submission.file.name}>
            {t(viewer === 'learner' ? 'lesson.yourFile' : 'lesson.learnerFile', { name: submission.file.name })}
          </Anchor>
        ) : null}
        {submission.points !== null && maxPoints !== null ? <Text fw={700}>{t('lesson.points', { points: submission.points, max: maxPoints })}</Text> : null}
        {submission.feedback ? (
          <Stack gap={2}>
            <Text fw={600}>{t('lesson.feedback')}</Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{submission.feedback}</Text>
          </Stack>
        ) : null}
        {submission.returnedFile ? (
          <Anchor href={submission.returnedFile.url} download={submission.returnedFile.name}>
            {t('lesson.returnedFile', { name: submission.returnedFile.name })}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}
