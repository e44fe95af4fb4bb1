import { Alert, Anchor, Button, Container, Group, List, Select, Stack, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { questionTypes, type EditableQuiz, type QuestionType } from '../../../../shared/schemas/quizzes';
import { NotFound } from '../../../components/not-found';
import { PageSpinner } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { toast } from '../../../components/toasts';
import { isApiError } from '../../../lib/api-client';
import { quizGiftExportUrl, useQuizForEdit, useSaveQuiz } from '../api/quiz-editing';
import { blankQuestion, checkDraft, draftFromQuiz, serverFieldErrors, withFreshIds, type DraftErrors, type DraftQuestion, type QuizDraft } from '../lib/quiz-draft';
import { errorMessage } from '../../../lib/error-message';
import { GiftImportDialog } from './gift-import-dialog';
import { moved, QuestionEditor } from './question-editor';
import { QuizSettingsFields } from './quiz-settings-fields';
import { QuizStatisticsPanel } from './quiz-statistics';

const noErrors: DraftErrors = new Map();

/** The quiz editor of a course's quiz lesson: loads the quiz, then edits a draft of it until it is saved. */
export function QuizEditor({ courseId, lessonId }: { courseId: number; lessonId: number }) {
  const { t } = useTranslation('quizzes');
  const query = useQuizForEdit({ courseId, lessonId });
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    const code = isApiError(query.error) ? query.error.code : 'UNKNOWN';
    if (code === 'NOT_FOUND' || code === 'COURSE_NOT_FOUND' || code === 'LESSON_NOT_FOUND') return <NotFound text={t('editor.notFound')} />;
    return (
      <Container size="md" py="xl">
        <PageTitle title={t('editor.title')} />
        <Stack align="flex-start">
          <Alert color={code === 'FORBIDDEN' ? 'orange' : 'red'} role="alert">
            {code === 'FORBIDDEN' ? t('editor.notAllowed') : errorMessage(query.error)}
          </Alert>
          <Button component={Link} to={paths.editCourse(courseId)} variant="light">
            {t('editor.backToCourse')}
          </Button>
        </Stack>
      </Container>
    );
  }
  // A saved quiz is a new version: the draft starts again from it.
  return <QuizDraftEditor key={query.data.version} quiz={query.data} />;
}

function QuizDraftEditor({ quiz }: { quiz: EditableQuiz }) {
  const { t } = useTranslation('quizzes');
  const ref = { courseId: quiz.courseId, lessonId: quiz.lessonId };
  const save = useSaveQuiz(ref);
  const [draft, setDraft] = useState<QuizDraft>(() => draftFromQuiz(quiz));
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<DraftErrors>(noErrors);
  const [newType, setNewType] = useState<QuestionType>('single');
  const [importing, setImporting] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const focusQuestion = useRef<string | null>(null);
  const summary = useRef<HTMLDivElement>(null);

  const checked = useMemo(() => checkDraft(draft), [draft]);
  const errors = tried && !checked.ok ? checked.errors : serverErrors;
  const full = draft.questions.length >= quiz.limits.questionsMax;

  // A question just added (or moved) gets the focus: its prompt, or the button pressed again.
  useEffect(() => {
    const id = focusQuestion.current;
    if (!id) return;
    focusQuestion.current = null;
    document.querySelector<HTMLTextAreaElement>(`[data-question-id="${id}"] textarea`)?.focus();
  });

  const change = (next: QuizDraft) => {
    setDraft(next);
    setServerErrors(noErrors);
  };
  const setQuestions = (questions: DraftQuestion[]) => change({ ...draft, questions });
  // Stable, so that the memoised question editors other than the one changed are left alone.
  const updateQuestions = useCallback((update: (questions: DraftQuestion[]) => DraftQuestion[]) => {
    setDraft((current) => ({ ...current, questions: update(current.questions) }));
    setServerErrors(noErrors);
  }, []);
  const onQuestionChange = useCallback((next: DraftQuestion) => updateQuestions((questions) => questions.map((other) => (other.id === next.id ? next : other))), [updateQuestions]);
  const onQuestionMove = useCallback(
    (index: number, by: -1 | 1) => {
      updateQuestions((questions) => moved(questions, index, by));
      setAnnouncement(t('editor.questionMoved', { number: index + 1 + by, count: draft.questions.length }));
    },
    [updateQuestions, t, draft.questions.length],
  );
  const onQuestionRemove = useCallback(
    (index: number) => {
      updateQuestions((questions) => questions.filter((_, at) => at !== index));
      setAnnouncement(t('editor.questionRemoved', { number: index + 1 }));
    },
    [updateQuestions, t],
  );
  const taken = () => new Set(draft.questions.map((question) => question.id));

  const addQuestion = () => {
    if (full) return;
    const question = blankQuestion(newType, taken());
    focusQuestion.current = question.id;
    setQuestions([...draft.questions, question]);
    setAnnouncement(t('editor.questionAdded', { number: draft.questions.length + 1 }));
  };

  const submit = () => {
    setTried(true);
    if (!checked.ok) {
      setAnnouncement('');
      summary.current?.focus();
      return;
    }
    save.mutate(checked.input, {
      onSuccess: (saved) => {
        toast.success(saved.attemptCount > 0 ? t('editor.savedWithAttempts', { count: saved.attemptCount }) : t('editor.saved'));
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) setServerErrors(serverFieldErrors(error.fields));
        toast.error(errorMessage(error));
      },
    });
  };

  const errorCount = errors.size;

  return (
    <Container size="md" py="xl">
      <PageTitle title={t('editor.pageTitle', { title: quiz.title })} />
      <Stack gap="lg">
        <Group justify="space-between">
          <Anchor component={Link} to={paths.editCourse(quiz.courseId)}>
            {t('editor.backToCourse')}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('editor.version', { number: quiz.version })}
          </Text>
        </Group>
        <Tabs defaultValue="edit" keepMounted={false}>
          <Tabs.List aria-label={t('statistics.tabsLabel')} mb="lg">
            <Tabs.Tab value="edit">{t('statistics.editTab')}</Tabs.Tab>
            <Tabs.Tab value="statistics">{t('statistics.tab')}</Tabs.Tab>
          </Tabs.List>
          {/* The draft lives on while the statistics are open; they are read only when their tab is. */}
          <Tabs.Panel value="statistics">
            <QuizStatisticsPanel courseId={quiz.courseId} lessonId={quiz.lessonId} />
          </Tabs.Panel>
          <Tabs.Panel value="edit" keepMounted>
            <Stack gap="lg">
              {quiz.attemptCount > 0 ? (
                <Alert color="blue" title={t('editor.attemptsTitle')}>
                  {t('editor.attemptsKeepVersion', { count: quiz.attemptCount })}
                </Alert>
              ) : null}
              <QuizSettingsFields settings={draft.settings} questionCount={draft.questions.length} errors={errors} onChange={(settings) => change({ ...draft, settings })} />
              <Stack gap="sm" component="section" aria-labelledby="quiz-questions-title">
                <Group justify="space-between" wrap="wrap">
                  <Title order={2} size="h4" id="quiz-questions-title">
                    {t('editor.questions')}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('editor.questionsUsed', { count: draft.questions.length, number: quiz.limits.questionsMax })}
                  </Text>
                </Group>
                {errors.get('questions') ? (
                  <Text c="red.8" size="sm">
                    {errors.get('questions')}
                  </Text>
                ) : null}
                {draft.questions.length === 0 ? <Text c="dimmed">{t('editor.noQuestions')}</Text> : null}
                <Stack component="ol" gap="sm" p={0} m={0} aria-label={t('editor.questions')}>
                  {draft.questions.map((question, index) => (
                    <QuestionEditor
                      key={question.id}
                      question={question}
                      index={index}
                      count={draft.questions.length}
                      errors={errors}
                      choicesMax={quiz.limits.choicesMax}
                      onChange={onQuestionChange}
                      onMove={onQuestionMove}
                      onRemove={onQuestionRemove}
                    />
                  ))}
                </Stack>
                <Group gap="xs" align="flex-end" wrap="wrap">
                  <Select
                    label={t('editor.newQuestionType')}
                    data={questionTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))}
                    value={newType}
                    onChange={(value) => value && setNewType(value as QuestionType)}
                    allowDeselect={false}
                    disabled={full}
                  />
                  <Button onClick={addQuestion} disabled={full}>
                    {t('editor.addQuestion')}
                  </Button>
                  <Button variant="light" onClick={() => setImporting(true)} disabled={full}>
                    {t('gift.open')}
                  </Button>
                  <Button component="a" variant="subtle" href={quizGiftExportUrl(ref)} download>
                    {t('gift.export')}
                  </Button>
                </Group>
                {full ? <Text size="sm">{t('editor.full', { number: quiz.limits.questionsMax })}</Text> : null}
              </Stack>
              <Text size="sm" c="dimmed">
                {t('editor.imagesNote')}
              </Text>
              <div ref={summary} tabIndex={-1}>
                {errorCount > 0 ? (
                  <Alert color="red" title={t('editor.fixProblems', { count: errorCount })}>
                    <List size="sm">
                      {[...errors.entries()].slice(0, 10).map(([path, message]) => (
                        <List.Item key={path}>{t('editor.problemAt', { name: placeName(path, t), reason: message })}</List.Item>
                      ))}
                    </List>
                  </Alert>
                ) : null}
              </div>
              <Group>
                <Button size="md" onClick={submit} loading={save.isPending}>
                  {t('editor.save')}
                </Button>
              </Group>
            </Stack>
          </Tabs.Panel>
        </Tabs>
        <VisuallyHidden aria-live="polite" role="status">
          {announcement}
        </VisuallyHidden>
      </Stack>
      <GiftImportDialog
        courseId={quiz.courseId}
        lessonId={quiz.lessonId}
        opened={importing}
        onClose={() => setImporting(false)}
        onAdd={(questions) => {
          const room = quiz.limits.questionsMax - draft.questions.length;
          const added = withFreshIds(questions.slice(0, room), draft.questions);
          setQuestions([...draft.questions, ...added]);
          setAnnouncement(t('editor.questionsImported', { count: added.length }));
          toast.success(t('editor.questionsImported', { count: added.length }));
        }}
      />
    </Container>
  );
}

/** Where a problem is, in words: "Pregunta 3", "Ajustes". */
function placeName(path: string, t: (key: 'editor.placeQuestion' | 'editor.placeSettings' | 'editor.placeQuiz', options?: { number: number }) => string) {
  const [head, index] = path.split('.');
  if (head === 'questions' && index !== undefined) return t('editor.placeQuestion', { number: Number(index) + 1 });
  if (head === 'settings') return t('editor.placeSettings');
  return t('editor.placeQuiz');
}
