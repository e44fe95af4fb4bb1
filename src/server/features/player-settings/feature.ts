import { apiFeature } from '../../feature';
import { playerSettingsRoutes } from './routes';

/** Each learner's player settings. */
export const playerSettingsFeature = apiFeature(playerSettingsRoutes);
