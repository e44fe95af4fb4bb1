import type { Feature } from '../../feature';
import { certificateRoutes } from './certificate-routes';
import { certificateRulesRoutes } from './certificate-rules-routes';
import { playerSettingsRoutes } from './player-settings-routes';
import { progressRoutes } from './progress-routes';

/**
 * A learner's side of a course: lesson progress, the player's settings, and the certificates of
 * completion, issued when a progress save completes a course and the course's rules (set by its
 * owner: quizzes with a minimum score, assignments passed) are met (the player may also ask,
 * `POST /api/certificates/courses/:courseId`); refunds revoke them through the enrolments' rules
 * (src/server/features/orders/enrollments.ts).
 */
export const learningFeature: Feature = async (app) => {
  await app.register(playerSettingsRoutes, { prefix: '/api' });
  await app.register(progressRoutes, { prefix: '/api' });
  await app.register(certificateRoutes, { prefix: '/api' });
  await app.register(certificateRulesRoutes, { prefix: '/api' });
};
