import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { progressEndpoints } from '../../../shared/endpoints/progress';
import { signedInUser } from '../../auth/access';
import { courseProgress, saveProgress } from '../../domain/course-progress';
import { route } from '../../http/route';

/** The player's saved positions: written in batches, read to resume. Only ever the caller's own. */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, progressEndpoints.saveProgress, async (request) => ({ saved: await saveProgress(app.db, signedInUser(request), request.body.positions) }));

  route(app, progressEndpoints.getCourseProgress, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { courseId } = request.params;
    return { courseId, videos: await courseProgress(app.db, signedInUser(request), courseId) };
  });
};
