import type { Feature } from '../../feature';
import { giftRoutes } from './gift-routes';
import { quizRoutes } from './routes';

/** Quizzes as lessons: the teacher's editor (with GIFT in and out) and statistics, and learners' attempts, graded by the server. */
export const quizzesFeature: Feature = async (app) => {
  await app.register(quizRoutes, { prefix: '/api' });
  await app.register(giftRoutes, { prefix: '/api' });
};
