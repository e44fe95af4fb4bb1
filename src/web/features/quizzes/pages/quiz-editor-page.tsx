import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageSpinner, SignInNeeded } from '../../../components/page-states';
import { loadActivityTexts } from '../../../i18n';
import { useSession } from '../../../session/get-session';

// The editor and the quizzes' texts (in the catalogue's activities part) come together.
const LazyQuizEditor = lazy(() => Promise.all([import('../components/quiz-editor'), loadActivityTexts()]).then(([module]) => ({ default: module.QuizEditor })));

/** /course/editcourse/:id/quiz/:lessonId — the course's owner (or an admin) edits a quiz lesson's rules and questions. */
export function QuizEditorPage() {
  const { t } = useTranslation('teaching');
  const params = useParams();
  const { user, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  if (!user) return <SignInNeeded title={t('edit.title')} text={t('edit.signInNeeded')} />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <LazyQuizEditor courseId={Number(params.id)} lessonId={Number(params.lessonId)} />
    </Suspense>
  );
}
