import { Alert, Badge, Button, Group, List, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../../shared/languages';
import type { AttemptAnswersInput, QuestionAnswer, QuizAttemptInProgress, QuizAttemptResult, QuizOverview } from '../../../../shared/schemas/quizzes';
import { confirmDialog } from '../../../components/dialogs';
import { toast } from '../../../components/toasts';
import { enrollmentKeys } from '../../../entities/enrollments/enrollment-keys';
import { progressKeys } from '../../../entities/progress/progress-keys';
import { isApiError } from '../../../lib/api-client';
import { dateTimeFormat } from '../../../lib/intl-formats';
import { getQuizAttempt, getQuizAttemptResult, quizTakingKeys, saveQuizAnswers, startQuizAttempt, submitQuizAttempt, useQuizAttemptResult, useQuizOverview } from '../api/quiz-taking';
import { errorMessage } from '../../../lib/error-message';
import { formatDecimal, QuestionInput } from './question-input';
import { QuizResultView } from './quiz-result';

/** How long answers wait after the last change before they are saved. */
export const autosaveDelayMs = 1500;
/** How long a failed save waits before it is tried again. */
const retryDelayMs = 5000;
/** Minutes left at which a timed attempt says so to screen readers. */
const warnings = [5, 1];

type View = { kind: 'overview' } | { kind: 'attempt'; attempt: QuizAttemptInProgress } | { kind: 'result'; attemptId: string };

/**
 * A quiz lesson in the course player: the overview (rules, my attempts, start or resume), the
 * attempt (every question on one page, answers saved as they change) and a submitted attempt's
 * result. A pass completes the lesson on the server: the course's progress is read again.
 */
export function QuizPlayer({ courseId, lessonId }: { courseId: number; lessonId: number }) {
  const { t } = useTranslation('quizzes');
  const queryClient = useQueryClient();
  const overview = useQuizOverview(lessonId);
  const [view, setView] = useState<View>({ kind: 'overview' });

  if (overview.isPending) return <Loader aria-label={t('player.loading')} />;
  if (overview.isError) return <Alert color="yellow">{errorMessage(overview.error)}</Alert>;

  const showResult = (result: QuizAttemptResult) => {
    queryClient.setQueryData(quizTakingKeys.result(result.attemptId), result);
    setView({ kind: 'result', attemptId: result.attemptId });
    void queryClient.invalidateQueries({ queryKey: quizTakingKeys.overview(lessonId) });
    if (result.passed) {
      void queryClient.invalidateQueries({ queryKey: progressKeys.course(courseId) });
      void queryClient.invalidateQueries({ queryKey: enrollmentKeys.list() });
    }
  };
  const backToOverview = () => {
    setView({ kind: 'overview' });
    void queryClient.invalidateQueries({ queryKey: quizTakingKeys.overview(lessonId) });
  };

  if (view.kind === 'attempt') return <QuizAttempt attempt={view.attempt} onSubmitted={showResult} />;
  if (view.kind === 'result') return <ResultLoader attemptId={view.attemptId} passingPercent={overview.data.settings.passingPercent} onBack={backToOverview} />;
  return (
    <Overview
      overview={overview.data}
      onStarted={(attempt) => setView({ kind: 'attempt', attempt })}
      onShowResult={(attemptId) => setView({ kind: 'result', attemptId })}
      onRefused={() => void queryClient.invalidateQueries({ queryKey: quizTakingKeys.overview(lessonId) })}
    />
  );
}

function ResultLoader({ attemptId, passingPercent, onBack }: { attemptId: string; passingPercent: number; onBack: () => void }) {
  const { t } = useTranslation('quizzes');
  const result = useQuizAttemptResult(attemptId);
  if (result.isPending) return <Loader aria-label={t('player.loading')} />;
  if (result.isError) {
    return (
      <Stack align="flex-start">
        <Alert color="red">{errorMessage(result.error)}</Alert>
        <Button onClick={onBack}>{t('result.back')}</Button>
      </Stack>
    );
  }
  return <QuizResultView result={result.data} passingPercent={passingPercent} onBack={onBack} />;
}

const useTimeFormat = () => {
  const { i18n } = useTranslation();
  return dateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
};

function Overview({ overview, onStarted, onShowResult, onRefused }: { overview: QuizOverview; onStarted: (attempt: QuizAttemptInProgress) => void; onShowResult: (attemptId: string) => void; onRefused: () => void }) {
  const { t } = useTranslation('quizzes');
  const time = useTimeFormat();
  const [starting, setStarting] = useState(false);
  const { settings } = overview;
  const used = overview.attempts.filter((attempt) => attempt.submittedAt !== null).length;

  const start = async () => {
    setStarting(true);
    try {
      onStarted(overview.inProgress ? await getQuizAttempt(overview.inProgress) : await startQuizAttempt(overview.lessonId));
    } catch (error) {
      toast.error(errorMessage(error));
      onRefused();
      setStarting(false);
    }
  };

  const rules = [
    t('overview.passing', { percent: settings.passingPercent }),
    settings.drawCount !== null ? t('overview.questionsDrawn', { count: overview.questionCount }) : t('overview.questions', { count: overview.questionCount }),
    settings.maxAttempts === null ? t('overview.attemptsUnlimited') : t('overview.attemptsLimited', { count: settings.maxAttempts, number: used }),
    ...(settings.waitMinutes > 0 ? [t('overview.wait', { count: settings.waitMinutes })] : []),
    settings.timeLimitMinutes === null ? t('overview.untimed') : t('overview.timed', { count: settings.timeLimitMinutes }),
  ];

  const blocked =
    overview.blockedReason === 'no-attempts-left'
      ? t('overview.noAttemptsLeft')
      : overview.blockedReason === 'wait'
        ? t('overview.waitUntil', { time: overview.nextAttemptAt ? time.format(new Date(overview.nextAttemptAt)) : '' })
        : overview.blockedReason === 'no-questions'
          ? t('overview.noQuestions')
          : null;

  return (
    <Stack gap="md" component="section" aria-labelledby="quiz-overview-title">
      <Group gap="sm">
        <Title order={3} size="h4" id="quiz-overview-title">
          {t('overview.title')}
        </Title>
        {overview.passed ? (
          <Badge color="teal" variant="light">
            {t('passed')}
          </Badge>
        ) : null}
      </Group>
      <List size="sm" spacing={4} aria-label={t('overview.rules')}>
        {rules.map((rule) => (
          <List.Item key={rule}>{rule}</List.Item>
        ))}
      </List>
      {overview.bestPercent !== null ? <Text size="sm">{t('overview.best', { percent: overview.bestPercent })}</Text> : null}
      {overview.attempts.length > 0 ? (
        <Table.ScrollContainer minWidth={420}>
          <Table striped>
            <Table.Caption>{t('overview.attempts')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('overview.attempt')}</Table.Th>
                <Table.Th scope="col">{t('overview.submittedAt')}</Table.Th>
                <Table.Th scope="col">{t('overview.score')}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('overview.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {overview.attempts.map((attempt) => (
                <Table.Tr key={attempt.attemptId}>
                  <Table.Td>{attempt.number}</Table.Td>
                  <Table.Td>{attempt.submittedAt ? time.format(new Date(attempt.submittedAt)) : t('overview.inProgress')}</Table.Td>
                  <Table.Td>
                    {attempt.percent !== null ? (
                      <Group gap="xs">
                        <Text size="sm">{t('overview.percent', { percent: attempt.percent })}</Text>
                        <Badge color={attempt.passed ? 'teal' : 'red'} variant="light" size="sm">
                          {attempt.passed ? t('passed') : t('failed')}
                        </Badge>
                      </Group>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {attempt.submittedAt ? (
                      <Button size="compact-xs" variant="subtle" onClick={() => onShowResult(attempt.attemptId)} aria-label={t('overview.seeResultOf', { number: attempt.number })}>
                        {t('overview.seeResult')}
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {blocked && !overview.inProgress ? (
        <Alert color="yellow" role="status">
          {blocked}
        </Alert>
      ) : (
        <Group>
          <Button onClick={() => void start()} loading={starting}>
            {overview.inProgress ? t('overview.resume') : overview.attempts.length > 0 ? t('overview.startAgain') : t('overview.start')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

type Answers = Record<string, QuestionAnswer>;

const isAnswered = (answer: QuestionAnswer | undefined) =>
  answer !== undefined && !(answer.type === 'multiple' && answer.choiceIds.length === 0) && !(answer.type === 'short-answer' && answer.text.trim() === '');

const answeredOnly = (answers: Answers): AttemptAnswersInput => ({ answers: Object.fromEntries(Object.entries(answers).filter(([, answer]) => isAnswered(answer))) });

const clock = (seconds: number) => `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * An attempt: every question on one page (a learner sees the whole quiz, answers in any order,
 * goes back to one, and checks everything before submitting; a screen reader moves from question
 * to question by their groups), answers saved a moment after each change and as the page closes,
 * the server's deadline counted down, and a submission that asks first when questions are unanswered.
 */
function QuizAttempt({ attempt, onSubmitted }: { attempt: QuizAttemptInProgress; onSubmitted: (result: QuizAttemptResult) => void }) {
  const { t, i18n } = useTranslation('quizzes');
  const [answers, setAnswers] = useState<Answers>(attempt.answers);
  const [numericTexts, setNumericTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(attempt.answers).flatMap(([id, answer]) => (answer.type === 'numeric' ? [[id, formatDecimal(answer.value, i18n.language)]] : []))),
  );
  const [saveState, setSaveState] = useState<'saved' | 'saving' | 'failed' | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const latest = useRef(answers);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const finished = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  const save = async ({ keepalive = false } = {}) => {
    clearTimeout(timer.current);
    if (!dirty.current || finished.current) return;
    dirty.current = false;
    if (!keepalive) setSaveState('saving');
    try {
      await saveQuizAnswers(attempt.attemptId, answeredOnly(latest.current), { keepalive });
      if (!keepalive && !finished.current) setSaveState('saved');
    } catch (error) {
      if (keepalive || finished.current) return;
      // Submitted elsewhere, or its time is up: the result is what there is to show.
      if (isApiError(error) && error.status === 409) return void showServerResult();
      dirty.current = true;
      setSaveState('failed');
      // Tried again a little later (a change before then saves sooner).
      timer.current = setTimeout(() => void save(), retryDelayMs);
    }
  };
  const saveRef = useRef(save);

  // The last answers are saved when the learner leaves: another lesson, another page, or the tab closing.
  useEffect(() => {
    const leave = () => void saveRef.current({ keepalive: true });
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  const answer = (questionId: string, value: QuestionAnswer | undefined) => {
    const next = { ...latest.current };
    if (value) next[questionId] = value;
    else delete next[questionId];
    latest.current = next;
    setAnswers(next);
    dirty.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveRef.current(), autosaveDelayMs);
  };

  const showServerResult = async () => {
    finished.current = true;
    try {
      onSubmitted(await getQuizAttemptResult(attempt.attemptId));
    } catch (error) {
      finished.current = false;
      toast.error(errorMessage(error));
    }
  };

  const submit = async ({ ask }: { ask: boolean }) => {
    if (finished.current) return;
    const unanswered = attempt.questions.filter((question) => !isAnswered(latest.current[question.id])).length;
    if (ask && unanswered > 0) {
      const confirmed = await confirmDialog({ title: t('player.confirmTitle'), text: t('player.confirmUnanswered', { count: unanswered }), confirmLabel: t('player.submit') });
      if (!confirmed || finished.current) return;
    }
    clearTimeout(timer.current);
    finished.current = true;
    setSubmitting(true);
    try {
      onSubmitted(await submitQuizAttempt(attempt.attemptId, answeredOnly(latest.current)));
    } catch (error) {
      // 409: submitted already (another tab), or graded as its time ran out: its result is what there is to show.
      if (isApiError(error) && error.status === 409) return void showServerResult();
      finished.current = false;
      setSubmitting(false);
      toast.error(errorMessage(error));
    }
  };
  const submitRef = useRef(submit);
  // The timers and the leaving handler call the latest functions.
  useEffect(() => {
    saveRef.current = save;
    submitRef.current = submit;
  });

  const answeredCount = attempt.questions.filter((question) => isAnswered(answers[question.id])).length;

  return (
    <Stack gap="md" component="section" aria-labelledby="quiz-attempt-title">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h4" id="quiz-attempt-title" ref={heading} tabIndex={-1}>
          {t('player.attemptTitle', { number: attempt.number })}
        </Title>
        {attempt.deadline ? <Countdown deadline={attempt.deadline} onAnnounce={setAnnouncement} onTimeUp={() => void submitRef.current({ ask: false })} /> : null}
      </Group>
      <Text size="sm" c="dimmed">
        {t('player.answered', { number: answeredCount, count: attempt.questions.length })}
        {saveState ? ` · ${t(`player.saveStates.${saveState}`)}` : ''}
      </Text>
      {attempt.questions.map((question, index) => (
        <QuestionInput
          key={question.id}
          question={question}
          number={index + 1}
          count={attempt.questions.length}
          answer={answers[question.id]}
          numericText={numericTexts[question.id] ?? ''}
          onAnswer={(value) => answer(question.id, value)}
          onNumericText={(text) => setNumericTexts((texts) => ({ ...texts, [question.id]: text }))}
          onAnnounce={setAnnouncement}
        />
      ))}
      <Group>
        <Button size="md" onClick={() => void submit({ ask: true })} loading={submitting}>
          {t('player.submit')}
        </Button>
      </Group>
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}

/** The time left until the server's deadline; says so at 5 and 1 minutes, and submits at zero. */
function Countdown({ deadline, onAnnounce, onTimeUp }: { deadline: string; onAnnounce: (message: string) => void; onTimeUp: () => void }) {
  const { t } = useTranslation('quizzes');
  const end = new Date(deadline).getTime();
  const [now, setNow] = useState(() => Date.now());
  const announced = useRef(new Set<number>());
  const up = useRef(false);
  const left = Math.max(0, Math.ceil((end - now) / 1000));

  useEffect(() => {
    const interval = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(interval);
  }, []);

  useEffect(() => {
    for (const minutes of warnings) {
      if (left > 0 && left <= minutes * 60 && !announced.current.has(minutes)) {
        // Once per mark: reaching 1 minute also counts the 5-minute one as said.
        for (const other of warnings) if (other >= minutes) announced.current.add(other);
        onAnnounce(t('player.minutesLeft', { count: Math.ceil(left / 60) }));
        break;
      }
    }
    if (left === 0 && !up.current) {
      up.current = true;
      onAnnounce(t('player.timeUp'));
      onTimeUp();
    }
  }, [left, onAnnounce, onTimeUp, t]);

  return (
    <Text fw={700} role="timer" aria-label={t('player.timeLeft', { time: clock(left) })} c={left <= 60 ? 'red.8' : undefined}>
      {t('player.timeLeft', { time: clock(left) })}
    </Text>
  );
}
