import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

const MAX_RETRIES = 2;

/** A 4xx will not change by asking again; a network blip or a 5xx might. */
export const shouldRetry = (failureCount: number, error: unknown) => {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
};

export type QueryClientOptions = {
  /**
   * Called when any query or mutation answers ACCOUNT_DISABLED: an admin disabled the user,
   * whose session stops working at once. The app shows the disabled dialog and signs out.
   */
  onAccountDisabled?: () => void;
};

export function createQueryClient({ onAccountDisabled }: QueryClientOptions = {}) {
  const onError = (error: unknown) => {
    if (isApiError(error) && error.code === 'ACCOUNT_DISABLED') onAccountDisabled?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Most data (catalogue, cart) changes rarely; avoid refetching on every mount.
        staleTime: 30_000,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
