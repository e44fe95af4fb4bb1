import { errorResponse } from '../api-schemas';
import { playerSettings } from '../schemas/player-settings';
import { defineEndpoint } from './endpoint';

/** The player's speed and captions, remembered per learner. */
export const playerSettingsEndpoints = {
  getPlayerSettings: defineEndpoint({
    method: 'GET',
    path: '/api/users/me/player-settings',
    access: 'user',
    tags: ['users'],
    summary: 'My player settings: the speed and the captions language (1× and null until chosen)',
    responses: { 200: playerSettings, 401: errorResponse },
  }),
  updatePlayerSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/users/me/player-settings',
    access: 'user',
    effects: [],
    tags: ['users'],
    summary: 'Remember my player settings',
    body: playerSettings,
    responses: { 200: playerSettings, 400: errorResponse, 401: errorResponse },
  }),
};
