/** The quizzes area's one public entry: its feature plugin, and what other areas use of it (the curriculum editor creates a quiz lesson's quiz). */
export { quizzesFeature } from './feature';
export { createQuiz } from './quiz-editing';
