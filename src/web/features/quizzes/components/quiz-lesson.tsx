import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { loadActivityTexts } from '../../../i18n';

// The player of quizzes and its texts (the catalogue's activities part) load with the first quiz lesson opened.
const LazyQuizPlayer = lazy(() => Promise.all([import('./quiz-player'), loadActivityTexts()]).then(([module]) => ({ default: module.QuizPlayer })));

/** A quiz lesson in the course player (learning's lesson view shows it for a lesson of kind `quiz`). */
export function QuizLesson({ courseId, lessonId }: { courseId: number; lessonId: number }) {
  return (
    <Suspense fallback={<Loader size="sm" aria-hidden="true" />}>
      <LazyQuizPlayer courseId={courseId} lessonId={lessonId} />
    </Suspense>
  );
}
