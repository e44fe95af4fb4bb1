import type { AccessRule } from '../../access-cases.test-support';

export const accessRules: AccessRule[] = [
  { route: 'GET /api/users/me/player-settings' },
  { route: 'PUT /api/users/me/player-settings', request: () => ({ url: '/api/users/me/player-settings', payload: { playbackRate: 1.5, captionLanguage: 'en' } }) },
];
