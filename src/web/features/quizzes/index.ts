/**
 * Quizzes: the quiz editor (its page is reached through the page table, src/shared/pages.ts)
 * and the quiz lesson of the course player.
 *
 * The feature's public entry: app/ and other features import only this file.
 */
export { QuizLesson } from './components/quiz-lesson';
