import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quizEditingEndpoints } from '../../../shared/endpoints/quizzes';
import { route } from '../../http/route';
import { formatGift } from './gift';
import { readGiftOffThread } from './gift-thread';
import { currentQuestions } from './quiz-editing';

/**
 * A quiz in and out as Moodle's GIFT text (owner or admin of the course `:id`). Reading a text
 * saves nothing: the editor shows the questions and their problems, and saving the quiz keeps
 * them (checked then like any question). The parser runs off the request thread.
 */
export const giftRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const caps = app.config.quizzes;

  route(app, quizEditingEndpoints.readQuizGift, async (request, reply) => {
    // The lesson must be a quiz of this course (404 otherwise), as the editor's other routes.
    await currentQuestions(db, request.params.id, request.params.lessonId);
    const { questions, problems } = await readGiftOffThread(request.body.text);
    reply.header('cache-control', 'private, no-store');
    // More questions than a quiz may hold are not answered; saving would refuse them anyway.
    return { questions: questions.slice(0, caps.maxQuestions), problems };
  });

  route(app, quizEditingEndpoints.exportQuizGift, async (request, reply) => {
    const { questions } = await currentQuestions(db, request.params.id, request.params.lessonId);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="quiz-${request.params.lessonId}.gift.txt"`)
      .header('cache-control', 'private, no-store')
      .send(formatGift(questions));
  });
};
