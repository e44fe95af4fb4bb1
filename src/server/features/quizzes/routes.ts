import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quizEditingEndpoints, quizTakingEndpoints } from '../../../shared/endpoints/quizzes';
import { signedInUser } from '../../auth/access';
import { route } from '../../http/route';
import { quizOverview, readAttempt, readResult, saveAnswers, startAttempt, submitAttempt } from './attempts';
import { readEditableQuiz, saveQuiz } from './quiz-editing';
import { quizStatistics } from './statistics';

const PRIVATE_NO_STORE = 'private, no-store';

/**
 * The quiz routes: the editor's and its statistics' (owner or admin of the course `:id`, checked by the access
 * control) and the learner's. The server's clock decides every deadline and wait.
 */
export const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const caps = app.config.quizzes;

  route(app, quizEditingEndpoints.getQuizForEdit, async (request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
    return readEditableQuiz(db, request.params.id, request.params.lessonId, caps);
  });

  route(app, quizEditingEndpoints.saveQuiz, async (request) => saveQuiz(db, request.params.id, request.params.lessonId, request.body, caps));

  route(app, quizEditingEndpoints.getQuizStatistics, async (request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
    return quizStatistics(db, request.params.id, request.params.lessonId, caps.statisticsMinLearners);
  });

  route(app, quizTakingEndpoints.getQuizOverview, async (request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
    return quizOverview(db, signedInUser(request), request.params.lessonId, caps, new Date());
  });

  route(app, quizTakingEndpoints.startQuizAttempt, async (request, reply) => {
    const { created, attempt } = await startAttempt(db, signedInUser(request), request.params.lessonId, caps, new Date());
    reply.header('cache-control', PRIVATE_NO_STORE);
    return reply.status(created ? 201 : 200).send(attempt);
  });

  route(app, quizTakingEndpoints.getQuizAttempt, async (request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
    return readAttempt(db, signedInUser(request), request.params.attemptId, new Date());
  });

  route(app, quizTakingEndpoints.saveQuizAnswers, async (request, reply) => {
    await saveAnswers(db, signedInUser(request), request.params.attemptId, request.body.answers, new Date());
    return reply.status(204).send(null);
  });

  route(app, quizTakingEndpoints.submitQuizAttempt, async (request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
    return submitAttempt(db, signedInUser(request), request.params.attemptId, request.body.answers, new Date());
  });

  route(app, quizTakingEndpoints.getQuizAttemptResult, async (request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
    return readResult(db, signedInUser(request), request.params.attemptId, new Date());
  });
};
