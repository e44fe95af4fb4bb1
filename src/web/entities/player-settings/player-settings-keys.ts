/** Keys of the signed-in learner's player settings; saving them sets `playerSettingsKeys.mine`. */
export const playerSettingsKeys = {
  mine: ['player-settings', 'me'] as const,
};
