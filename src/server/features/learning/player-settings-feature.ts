import { apiFeature } from '../../feature';
import { playerSettingsRoutes } from './player-settings-routes';

/** Each learner's player settings. */
export const playerSettingsFeature = apiFeature(playerSettingsRoutes);
