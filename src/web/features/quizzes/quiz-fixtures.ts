/**
 * The quizzes' API answers for the web tests, each parsed with the contract's schema
 * (src/shared/schemas/quizzes.ts): a fixture that drifts from the contract fails the test that builds it.
 */
import { giftImportResult, type GiftImportResult } from '../../../shared/endpoints/quizzes';
import {
  editableQuiz,
  quizAttemptInProgress,
  quizAttemptResult,
  quizOverview,
  quizStatistics,
  type EditableQuiz,
  type QuizAttemptInProgress,
  type QuizAttemptResult,
  type QuizOverview,
  type QuizStatistics,
} from '../../../shared/schemas/quizzes';

export const attemptId = '6f1c2b8e-4a7e-4f52-9d1e-3c1f2a9b8c7d';
export const otherAttemptId = '7a2d3c9f-5b8f-4a63-8e2f-4d2a3b0c9d8e';

export const makeEditableQuiz = (values: Partial<EditableQuiz> = {}): EditableQuiz =>
  editableQuiz.parse({
    lessonId: 21,
    courseId: 4,
    title: 'Repaso de Python',
    version: 1,
    settings: { passingPercent: 70, maxAttempts: null, waitMinutes: 0, timeLimitMinutes: null, shuffleQuestions: false, shuffleChoices: true, drawCount: null },
    questions: [
      {
        id: 'q1',
        type: 'single',
        prompt: '¿Qué imprime `print(1 + 1)`?',
        points: 1,
        explanation: null,
        choices: [
          { id: 'a', text: '2', correct: true },
          { id: 'b', text: '11', correct: false },
        ],
      },
    ],
    attemptCount: 0,
    limits: { questionsMax: 100, choicesMax: 10 },
    ...values,
  });

export const makeOverview = (values: Partial<QuizOverview> = {}): QuizOverview =>
  quizOverview.parse({
    lessonId: 21,
    title: 'Repaso de Python',
    settings: { passingPercent: 70, maxAttempts: 3, waitMinutes: 10, timeLimitMinutes: null, drawCount: null },
    questionCount: 6,
    attempts: [],
    inProgress: null,
    passed: false,
    bestPercent: null,
    blockedReason: null,
    nextAttemptAt: null,
    ...values,
  });

/** An attempt with one question of each type, in that order. */
export const makeAttempt = (values: Partial<QuizAttemptInProgress> = {}): QuizAttemptInProgress =>
  quizAttemptInProgress.parse({
    attemptId,
    lessonId: 21,
    number: 1,
    startedAt: '2026-05-01T10:00:00.000Z',
    deadline: null,
    questions: [
      { id: 'q1', type: 'single', promptHtml: '<p>¿Cuánto es 1 + 1?</p>', points: 1, choices: [{ id: 'a', text: 'Dos' }, { id: 'b', text: 'Once' }], items: null },
      { id: 'q2', type: 'multiple', promptHtml: '<p>¿Cuáles son listas?</p>', points: 2, choices: [{ id: 'a', text: '[1]' }, { id: 'b', text: '(1,)' }, { id: 'c', text: '[]' }], items: null },
      { id: 'q3', type: 'true-false', promptHtml: '<p>Python distingue mayúsculas.</p>', points: 1, choices: null, items: null },
      { id: 'q4', type: 'short-answer', promptHtml: '<p>¿Qué palabra define una función?</p>', points: 1, choices: null, items: null },
      { id: 'q5', type: 'numeric', promptHtml: '<p>¿Cuánto es 7 / 2?</p>', points: 1, choices: null, items: null },
      { id: 'q6', type: 'ordering', promptHtml: '<p>Ordena de menor a mayor.</p>', points: 1, choices: null, items: [{ id: 'x', text: 'Tres' }, { id: 'y', text: 'Uno' }, { id: 'z', text: 'Dos' }] },
    ],
    answers: {},
    ...values,
  });

/** The graded attempt of `makeAttempt`: right, partial, wrong, right, right, unanswered. */
export const makeResult = (values: Partial<QuizAttemptResult> = {}): QuizAttemptResult => {
  const questions = makeAttempt().questions;
  return quizAttemptResult.parse({
    attemptId,
    lessonId: 21,
    number: 1,
    startedAt: '2026-05-01T10:00:00.000Z',
    submittedAt: '2026-05-01T10:05:00.000Z',
    late: false,
    earned: 400,
    possible: 700,
    percent: 57,
    passed: false,
    questions: [
      { ...questions[0]!, answer: { type: 'single', choiceId: 'a' }, earned: 100, outcome: 'right', rightAnswer: { choiceIds: ['a'] }, explanationHtml: '<p>La suma de <strong>enteros</strong>.</p>' },
      { ...questions[1]!, answer: { type: 'multiple', choiceIds: ['a'] }, earned: 100, outcome: 'partial', rightAnswer: { choiceIds: ['a', 'c'] }, explanationHtml: null },
      { ...questions[2]!, answer: { type: 'true-false', value: false }, earned: 0, outcome: 'wrong', rightAnswer: { value: true }, explanationHtml: '<p>Sí: <code>a</code> y <code>A</code> son distintas.</p>' },
      { ...questions[3]!, answer: { type: 'short-answer', text: 'def' }, earned: 100, outcome: 'right', rightAnswer: { acceptedAnswers: ['def'] }, explanationHtml: null },
      { ...questions[4]!, answer: { type: 'numeric', value: 3.5 }, earned: 100, outcome: 'right', rightAnswer: { answer: 3.5, tolerance: 0.01 }, explanationHtml: null },
      { ...questions[5]!, answer: null, earned: 0, outcome: 'unanswered', rightAnswer: { itemIds: ['y', 'z', 'x'] }, explanationHtml: null },
    ],
    ...values,
  });
};

export const makeGiftResult = (values: Partial<GiftImportResult> = {}): GiftImportResult =>
  giftImportResult.parse({
    questions: [
      { id: 'q1', type: 'true-false', prompt: 'El agua hierve a 100 °C al nivel del mar.', points: 1, explanation: null, correct: true },
      { id: 'g2', type: 'short-answer', prompt: '¿Capital de Francia?', points: 1, explanation: null, acceptedAnswers: ['París', 'Paris'] },
    ],
    problems: [{ line: 7, message: 'gift.unclosedAnswers' }],
    ...values,
  });

/** Statistics of seven attempts by six learners: a choice question that discriminates well, one that never discriminates, and one gone from the current version. */
export const makeQuizStatistics = (): QuizStatistics =>
  quizStatistics.parse({
    enoughLearners: true,
    lessonId: 21,
    title: 'Repaso de Python',
    minLearners: 5,
    currentVersion: 3,
    attempts: 7,
    learners: 6,
    passedAttempts: 3,
    learnersPassed: 2,
    averagePercent: 49.571428571428,
    averageSeconds: 218.57,
    discriminationGroupSize: 2,
    questions: [
      {
        id: 'q1',
        type: 'single',
        prompt: '¿Qué imprime `print(1 + 1)`?',
        latestVersion: 3,
        inCurrentVersion: true,
        shown: 7,
        right: 4,
        partial: 0,
        wrong: 3,
        unanswered: 0,
        wrongChoices: [
          { id: 'a', text: '2', correct: true, count: 0 },
          { id: 'b', text: '11', correct: false, count: 2 },
          { id: 'c', text: 'Error', correct: false, count: 1 },
        ],
        discrimination: 1,
      },
      { id: 'q4', type: 'short-answer', prompt: 'La palabra que define una función', latestVersion: 3, inCurrentVersion: true, shown: 7, right: 4, partial: 0, wrong: 3, unanswered: 1, wrongChoices: null, discrimination: 0 },
      { id: 'q5', type: 'true-false', prompt: 'Python no distingue mayúsculas', latestVersion: 2, inCurrentVersion: false, shown: 5, right: 2, partial: 0, wrong: 3, unanswered: 0, wrongChoices: null, discrimination: -0.5 },
    ],
  });

export const makeTooFewLearners = (): QuizStatistics => quizStatistics.parse({ enoughLearners: false, lessonId: 21, title: 'Repaso de Python', minLearners: 5 });
