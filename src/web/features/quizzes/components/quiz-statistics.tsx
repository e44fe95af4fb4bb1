import { Alert, Badge, Loader, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../../shared/languages';
import type { QuestionStatistics, QuizStatistics } from '../../../../shared/schemas/quizzes';
import { DataTable, type Column } from '../../../components/data-table';
import { FigureGrid } from '../../../components/figure-grid';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { numberFormat } from '../../../lib/intl-formats';
import { useQuizStatistics } from '../api/quiz-statistics';

/** Below this discrimination index (or negative) a question is flagged for review. */
export const REVIEW_BELOW = 0.2;
/** The share of learners in each discrimination group (the server's rule). */
const GROUP_SHARE = 0.27;

/** The quiz's statistics for its teacher: the loading, refusal and "not enough learners" states, then the figures. */
export function QuizStatisticsPanel({ courseId, lessonId }: { courseId: number; lessonId: number }) {
  const { t } = useTranslation('quizzes');
  const query = useQuizStatistics({ courseId, lessonId });
  if (query.isPending) return <Loader aria-label={t('statistics.loading')} my="lg" />;
  if (query.isError) {
    const forbidden = isApiError(query.error) && query.error.code === 'FORBIDDEN';
    return (
      <Alert color={forbidden ? 'orange' : 'red'} role="alert">
        {forbidden ? t('statistics.notAllowed') : errorMessage(query.error)}
      </Alert>
    );
  }
  return <QuizStatisticsView statistics={query.data} />;
}

type Formats = ReturnType<typeof formatsOf>;

const formatsOf = (language: string) => {
  const locale = localeOf(language);
  return {
    whole: numberFormat(locale),
    percent: numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }),
    index: numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    // "3 min 39 s", "3 min 39 sec": the units as the locale writes them.
    minutes: numberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' }),
    seconds: numberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'short' }),
  };
};

export function QuizStatisticsView({ statistics }: { statistics: QuizStatistics }) {
  const { t, i18n } = useTranslation('quizzes');
  const formats = formatsOf(i18n.language);
  if (!statistics.enoughLearners) {
    return (
      <Alert color="blue" title={t('statistics.notEnoughTitle')}>
        {t('statistics.notEnough', { count: statistics.minLearners })}
      </Alert>
    );
  }
  const share = (part: number, whole: number) => formats.percent.format(whole > 0 ? part / whole : 0);
  const totalSeconds = Math.round(statistics.averageSeconds);
  const choiceQuestions = statistics.questions.flatMap((question, index) => (question.wrongChoices ? [{ question, number: index + 1 }] : []));

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('statistics.scope')}
      </Text>
      <FigureGrid
        aria-label={t('statistics.summaryLabel')}
        cols={{ base: 2, sm: 3 }}
        figures={[
          { label: t('statistics.attempts'), value: formats.whole.format(statistics.attempts) },
          { label: t('statistics.learners'), value: formats.whole.format(statistics.learners) },
          {
            label: t('statistics.attemptPassRate'),
            value: share(statistics.passedAttempts, statistics.attempts),
            note: t('statistics.attemptPassRateNote', { number: formats.whole.format(statistics.passedAttempts), count: statistics.attempts }),
          },
          {
            label: t('statistics.learnerPassRate'),
            value: share(statistics.learnersPassed, statistics.learners),
            note: t('statistics.learnerPassRateNote', { number: formats.whole.format(statistics.learnersPassed), count: statistics.learners }),
          },
          { label: t('statistics.averageScore'), value: formats.percent.format(statistics.averagePercent / 100), note: t('statistics.averageScoreNote') },
          {
            label: t('statistics.averageTime'),
            value: `${formats.minutes.format(Math.floor(totalSeconds / 60))} ${formats.seconds.format(totalSeconds % 60)}`,
            note: t('statistics.averageTimeNote'),
          },
        ]}
      />
      <Stack gap="xs">
        <Text size="sm">
          {t('statistics.discriminationHelp', { percent: formats.percent.format(GROUP_SHARE) })} {t('statistics.groupSize', { count: statistics.discriminationGroupSize })}
        </Text>
        <Text size="sm">{t('statistics.reviewHint')}</Text>
      </Stack>
      <DataTable
        caption={t('statistics.questionsCaption')}
        columns={questionColumns(t, formats)}
        rows={statistics.questions.map((question, index) => ({ question, number: index + 1 }))}
        rowKey={(row) => row.question.id}
        minWidth={760}
      />
      {choiceQuestions.length > 0 ? (
        <Stack gap="md" component="section" aria-labelledby="quiz-wrong-choices-title">
          <Title order={2} size="h5" id="quiz-wrong-choices-title">
            {t('statistics.wrongChoicesTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('statistics.wrongChoicesNote')}
          </Text>
          {choiceQuestions.map(({ question, number }) => (
            <DataTable
              key={question.id}
              caption={t('statistics.choicesCaption', { number })}
              columns={[
                { key: 'choice', header: t('statistics.choice'), cell: (choice) => choice.text, phone: 'plain' },
                { key: 'correct', header: t('statistics.isRight'), cell: (choice) => (choice.correct ? t('statistics.yes') : t('statistics.no')) },
                { key: 'count', header: t('statistics.timesPicked'), align: 'right', nowrap: true, cell: (choice) => formats.whole.format(choice.count) },
              ]}
              rows={question.wrongChoices ?? []}
              rowKey={(choice) => choice.id}
              minWidth={420}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

type QuestionRow = { question: QuestionStatistics; number: number };

function questionColumns(t: TFunction<'quizzes'>, formats: Formats): Column<QuestionRow>[] {
  const countShare = (count: number, shown: number) => t('statistics.countShare', { number: formats.whole.format(count), percent: formats.percent.format(shown > 0 ? count / shown : 0) });
  return [
    {
      key: 'question',
      header: t('statistics.question'),
      phone: 'plain',
      cell: ({ question, number }) => (
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {t('statistics.questionNumber', { number })} · {t(`types.${question.type}`)}
          </Text>
          <Text size="sm" lineClamp={2}>
            {question.prompt}
          </Text>
          {question.inCurrentVersion ? null : (
            <Text size="xs" c="dimmed">
              {t('statistics.notInCurrent', { number: question.latestVersion })}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'shown', header: t('statistics.shown'), align: 'right', nowrap: true, cell: ({ question }) => formats.whole.format(question.shown) },
    { key: 'right', header: t('statistics.right'), align: 'right', nowrap: true, cell: ({ question }) => countShare(question.right, question.shown) },
    { key: 'partial', header: t('statistics.partial'), align: 'right', nowrap: true, cell: ({ question }) => countShare(question.partial, question.shown) },
    {
      key: 'wrong',
      header: t('statistics.wrong'),
      align: 'right',
      nowrap: true,
      cell: ({ question }) => (
        <>
          {countShare(question.wrong, question.shown)}
          {question.unanswered > 0 ? (
            <Text size="xs" c="dimmed">
              {t('statistics.unanswered', { count: question.unanswered })}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'discrimination',
      header: t('statistics.discrimination'),
      align: 'right',
      nowrap: true,
      cell: ({ question }) =>
        question.discrimination === null ? (
          <Text size="sm" c="dimmed">
            {t('statistics.noIndex')}
          </Text>
        ) : (
          <Stack gap={4} align="flex-end">
            <span>{formats.index.format(question.discrimination)}</span>
            {question.discrimination < REVIEW_BELOW ? (
              // In sentence case, and wrapping rather than cut off: the column is only as wide as its figures.
              <Badge color="orange" variant="light" tt="none" h="auto" styles={{ label: { whiteSpace: 'normal', textAlign: 'end' } }}>
                {t('statistics.review')}
              </Badge>
            ) : null}
          </Stack>
        ),
    },
  ];
}
