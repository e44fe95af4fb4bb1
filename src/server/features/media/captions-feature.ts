import type { Feature } from '../../feature';
import { captionsRoutes } from './captions-routes';

/** Captions of the videos: the teacher's files, and the WebVTT the players fetch. */
export const captionsFeature: Feature = async (app, { secrets }) => {
  await app.register(captionsRoutes, { prefix: '/api', videoUrlSecret: secrets.videoUrl });
};
