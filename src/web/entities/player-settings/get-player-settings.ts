import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { playerSettingsKeys } from './player-settings-keys';

/** The signed-in learner's player settings (1× and no captions choice until they choose). */
export const getPlayerSettings = ({ signal }: { signal?: AbortSignal } = {}) => call(endpoints.getPlayerSettings, { signal });

export const getPlayerSettingsQueryOptions = () =>
  queryOptions({
    queryKey: playerSettingsKeys.mine,
    queryFn: ({ signal }) => getPlayerSettings({ signal }),
    // Changed only through this browser's player, which writes the answer into the cache.
    staleTime: 10 * 60_000,
  });

/** Only for a signed-in user: a visitor's settings stay in this browser. */
export function usePlayerSettingsQuery({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getPlayerSettingsQueryOptions(), enabled });
}
