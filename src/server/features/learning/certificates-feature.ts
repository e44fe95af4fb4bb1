import type { Feature } from '../../feature';
import { certificateRoutes } from './certificate-routes';

/**
 * Certificates of completion, issued when a progress save completes a course (the player may
 * also ask, `POST /api/certificates/courses/:courseId`); refunds revoke them through the
 * enrolments' rules (src/server/features/orders/enrollments.ts).
 */
export const certificatesFeature: Feature = async (app) => {
  await app.register(certificateRoutes, { prefix: '/api' });
};
