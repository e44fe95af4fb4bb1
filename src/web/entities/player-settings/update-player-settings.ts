import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlayerSettings } from '../../../shared/schemas/player-settings';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { playerSettingsKeys } from './player-settings-keys';

export const updatePlayerSettings = (body: PlayerSettings) => call(endpoints.updatePlayerSettings, { body });

/** Saves the settings; the cache shows them at once (the player already applied them). */
export function useUpdatePlayerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlayerSettings,
    onMutate: (settings) => {
      queryClient.setQueryData(playerSettingsKeys.mine, settings);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(playerSettingsKeys.mine, saved);
    },
  });
}
