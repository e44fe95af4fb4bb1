import path from 'node:path';
import type { Feature } from '../../feature';
import { addBackgroundJobs } from '../../jobs';
import { incomingDirFor } from '../../storage/video-storage';
import { captionsRoutes } from './captions-routes';
import { mediaRoutes } from './routes';
import { abandonedUploadsJob } from './sweeper';
import { createTranscodeWorker } from './transcode-job';
import { openUploadStore } from './upload-stores';

/**
 * Videos: uploads, streaming, the sweep of abandoned uploads, and the transcode to HLS of the
 * videos attached to courses, by the queue's worker in any process that runs one; the videos'
 * captions (the teacher's files, and the WebVTT the players fetch).
 */
export const mediaFeature: Feature = async (app, { videoStorage: storage, secrets }) => {
  const { config, db } = app;
  const incomingDir = incomingDirFor(config.dataDir);
  const uploads = await openUploadStore({ storage, incomingDir, db });
  const transcodeWorker = await createTranscodeWorker({
    db,
    storage,
    workDir: path.join(config.dataDir, 'transcode-work'),
    settings: config.transcode,
    videoLimits: config.videoLimits,
    log: app.log,
    observeDuration: (seconds, outcome) => app.metrics.transcodeDuration.observe({ outcome }, seconds),
  });
  addBackgroundJobs(app, [abandonedUploadsJob({ db, storage, uploads, log: app.log }), ...(transcodeWorker ? [transcodeWorker.backgroundJob] : [])]);
  await app.register(mediaRoutes, { prefix: '/api', storage, uploads, videoUrlSecret: secrets.videoUrl, incomingDir });
  await app.register(captionsRoutes, { prefix: '/api', videoUrlSecret: secrets.videoUrl });
};
