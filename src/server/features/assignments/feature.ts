import type { Feature } from '../../feature';
import { incomingDirFor } from '../../storage/video-storage';
import { MAX_UNUSED_UPLOADS } from '../media';
import { assignmentRoutes } from './routes';

/** Assignment lessons: their settings, learners' hand-ins and files, the teacher's review queue and reviews. */
export const assignmentsFeature: Feature = async (app, { videoStorage }) => {
  const { config } = app;
  await app.register(assignmentRoutes, {
    prefix: '/api',
    storage: videoStorage,
    incomingDir: incomingDirFor(config.dataDir),
    settings: config.assignments,
    uploadLimits: { maxUnfinished: config.uploadsMaxUnfinishedPerUser, maxDeclaredBytes: config.uploadsMaxDeclaredBytesPerUser, maxUnused: MAX_UNUSED_UPLOADS },
    presignedUrlTtlSeconds: config.s3?.presignedUrlTtlSeconds,
  });
};
