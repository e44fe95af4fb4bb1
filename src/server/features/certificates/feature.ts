import type { Feature } from '../../feature';
import { certificateRoutes } from './routes';

/**
 * Certificates of completion. The player asks for the learner's certificate once a course is
 * complete (`POST /api/certificates/courses/:courseId`); refunds revoke them through the
 * enrolments' rules (src/server/domain/enrollments.ts).
 */
export const certificatesFeature: Feature = async (app) => {
  await app.register(certificateRoutes, { prefix: '/api' });
};
