import { z } from 'zod';
import { databaseId, errorResponse, mediaAnswer, withAnswerHeaders } from '../api-schemas';
import { quizLimits } from '../limits';
import {
  attemptAnswersInput,
  editableQuiz,
  questionDefinition,
  quizAttemptInProgress,
  quizAttemptResult,
  quizDefinitionInput,
  quizOverview,
  quizStatistics,
} from '../schemas/quizzes';
import { defineEndpoint } from './endpoint';

const quizParams = z.object({ id: databaseId, lessonId: databaseId });
const lessonParams = z.object({ lessonId: databaseId });
const attemptParams = z.object({ attemptId: z.uuid() });

/** A GIFT text (Moodle's quiz format) as the editor sends it to be read: at most 200 KB. */
export const giftImportInput = z.object({ text: z.string().min(1).max(200_000) });
/** What a GIFT text holds, for the editor to show before it adds the questions; each problem names its line. */
export const giftImportResult = z
  .object({
    questions: z.array(questionDefinition).max(quizLimits.questionsMax),
    problems: z.array(z.object({ line: z.number().int(), message: z.string() })),
  })
  .meta({ id: 'GiftImportResult' });
export type GiftImportResult = z.infer<typeof giftImportResult>;

/**
 * Quizzes. The course's owner (or an admin) edits a quiz lesson's rules and questions, reads a
 * GIFT text into questions and writes the quiz out as one; a learner who may take the lesson
 * starts attempts, saves answers and submits, and the server grades.
 */
export const quizEditingEndpoints = {
  getQuizForEdit: defineEndpoint({
    method: 'GET',
    path: '/api/courses/:id/quizzes/:lessonId',
    access: 'course-manager',
    tags: ['teaching'],
    summary: "A quiz lesson's rules and questions, answers included, as its editor needs them (owner or admin)",
    params: quizParams,
    responses: { 200: editableQuiz, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  saveQuiz: defineEndpoint({
    method: 'PUT',
    path: '/api/courses/:id/quizzes/:lessonId',
    access: 'course-manager',
    effects: [],
    tags: ['teaching'],
    summary: "Save a quiz's rules and questions as its new version",
    description:
      'Attempts already taken keep the version they took, with their scores. At most QUIZ_MAX_QUESTIONS questions and QUIZ_MAX_CHOICES choices a question (400 VALIDATION_FAILED naming the field).',
    params: quizParams,
    body: quizDefinitionInput,
    responses: { 200: editableQuiz, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
  readQuizGift: defineEndpoint({
    method: 'POST',
    path: '/api/courses/:id/quizzes/:lessonId/gift',
    access: 'course-manager',
    effects: [],
    tags: ['teaching'],
    summary: 'Read a GIFT text into questions (nothing is saved: the editor adds them, and saving the quiz keeps them)',
    params: quizParams,
    body: giftImportInput,
    responses: { 200: giftImportResult, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 413: errorResponse },
  }),
  exportQuizGift: defineEndpoint({
    method: 'GET',
    path: '/api/courses/:id/quizzes/:lessonId/gift',
    access: 'course-manager',
    tags: ['teaching'],
    summary: "The quiz's questions as a GIFT text file, for Moodle and other systems",
    params: quizParams,
    responses: {
      200: withAnswerHeaders(mediaAnswer(['text/plain']), { 'content-disposition': 'attachment; filename="<quiz>.gift.txt"' }),
      400: errorResponse,
      401: errorResponse,
      403: errorResponse,
      404: errorResponse,
    },
  }),
  getQuizStatistics: defineEndpoint({
    method: 'GET',
    path: '/api/courses/:id/quizzes/:lessonId/statistics',
    access: 'course-manager',
    tags: ['teaching'],
    summary: "How a quiz and each of its questions did, over every version's graded attempts (owner or admin)",
    description:
      'Aggregates only: attempts, learners, pass rates, the average score and time, and per question the right, partial and wrong counts, the choices picked by those who got it wrong and a discrimination index. With fewer distinct learners than QUIZ_STATS_MIN_LEARNERS (5 by default, never fewer) the answer has no numbers (`enoughLearners: false`).',
    params: quizParams,
    responses: { 200: quizStatistics, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
};

export const quizTakingEndpoints = {
  getQuizOverview: defineEndpoint({
    method: 'GET',
    path: '/api/lessons/:lessonId/quiz',
    access: 'user',
    tags: ['lessons'],
    summary: 'A quiz lesson before or between attempts: its rules, my attempts and scores, and whether I may start one now',
    description: 'For whoever may take the lesson (a free preview: any signed-in user; otherwise its buyers, its owner and admins): 403 NOT_ENROLLED otherwise.',
    params: lessonParams,
    responses: { 200: quizOverview, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  startQuizAttempt: defineEndpoint({
    method: 'POST',
    path: '/api/lessons/:lessonId/quiz/attempts',
    access: 'user',
    effects: [],
    tags: ['lessons'],
    summary: 'Start an attempt (or resume the one in progress): its questions, drawn and shuffled for it, without their answers',
    description:
      '201 for a new attempt, 200 for the one in progress. 409 QUIZ_NO_ATTEMPTS_LEFT, QUIZ_WAIT (with the time the wait ends) or QUIZ_HAS_NO_QUESTIONS. Two starts at once make one attempt.',
    params: lessonParams,
    responses: { 200: quizAttemptInProgress, 201: quizAttemptInProgress, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
  getQuizAttempt: defineEndpoint({
    method: 'GET',
    path: '/api/quiz-attempts/:attemptId',
    access: 'user',
    tags: ['lessons'],
    summary: 'My attempt in progress, with the answers saved so far (409 QUIZ_ATTEMPT_SUBMITTED once it was submitted or its time ran out)',
    params: attemptParams,
    responses: { 200: quizAttemptInProgress, 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
  saveQuizAnswers: defineEndpoint({
    method: 'PUT',
    path: '/api/quiz-attempts/:attemptId/answers',
    access: 'user',
    effects: [],
    tags: ['lessons'],
    summary: 'Save my answers so far (they replace the saved ones); refused once submitted or past the deadline',
    params: attemptParams,
    body: attemptAnswersInput,
    responses: { 204: z.null(), 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
  submitQuizAttempt: defineEndpoint({
    method: 'POST',
    path: '/api/quiz-attempts/:attemptId/submission',
    access: 'user',
    effects: [],
    tags: ['lessons'],
    summary: 'Submit my attempt with its answers; the server grades it',
    description:
      'Past the deadline (with a few seconds of grace for the network), the attempt is graded with the answers saved by the deadline. A second submission is 409 QUIZ_ATTEMPT_SUBMITTED: an attempt is graded once. A passed quiz counts as a completed lesson.',
    params: attemptParams,
    body: attemptAnswersInput,
    responses: { 200: quizAttemptResult, 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
  getQuizAttemptResult: defineEndpoint({
    method: 'GET',
    path: '/api/quiz-attempts/:attemptId/result',
    access: 'user',
    tags: ['lessons'],
    summary: 'A submitted attempt of mine: the score, what was right and wrong, and the explanations (409 QUIZ_ATTEMPT_IN_PROGRESS before)',
    params: attemptParams,
    responses: { 200: quizAttemptResult, 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
};
