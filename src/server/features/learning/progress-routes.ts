import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { progressEndpoints } from '../../../shared/endpoints/learning';
import { signedInUser } from '../../auth/access';
import { courseProgress, saveProgress } from './course-progress';
import { route } from '../../http/route';

/** The player's lesson progress: written in batches, read with the curriculum to resume. Only ever the caller's own. */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, progressEndpoints.saveProgress, async (request) => ({ saved: await saveProgress(app.db, signedInUser(request), request.body.lessons) }));

  route(app, progressEndpoints.getCourseProgress, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return courseProgress(app.db, signedInUser(request), request.params.courseId);
  });
};
