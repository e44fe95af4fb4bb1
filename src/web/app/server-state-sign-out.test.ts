import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { forgetUser } from '../session/sign-out';
import { restoreQueries, type ServerState } from './server-state';

describe('forgetting the user at a sign-out', () => {
  it("keeps the data the server drew the page with (a visitor's view, maybe still being hydrated) and forgets the user's", async () => {
    const queryClient = new QueryClient();
    const drawn = { queryHash: '["courses","home"]', queryKey: ['courses', 'home'], state: { data: { items: [1, 2, 3] }, dataUpdateCount: 1, dataUpdatedAt: 0, error: null, errorUpdateCount: 0, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, status: 'success', fetchStatus: 'idle' }, dehydratedAt: 0 };
    restoreQueries(queryClient, { queries: { mutations: [], queries: [drawn] }, failures: [] } as unknown as ServerState);
    queryClient.setQueryData(['cart'], { items: ['the user’s course'] });
    // Fetched again after the page was drawn (as the signed-in user): the user's now.
    queryClient.setQueryData(['courses', 'mine'], { items: [9] });

    await forgetUser(queryClient);

    expect(queryClient.getQueryData(['courses', 'home'])).toEqual({ items: [1, 2, 3] });
    expect(queryClient.getQueryData(['cart'])).toBeUndefined();
    expect(queryClient.getQueryData(['courses', 'mine'])).toBeUndefined();
  });

  it('forgets a drawn query once it has been fetched again (its data may be the signed-in view)', async () => {
    const queryClient = new QueryClient();
    const drawn = { queryHash: '["course",7]', queryKey: ['course', 7], state: { data: { id: 7 }, dataUpdateCount: 1, dataUpdatedAt: 0, error: null, errorUpdateCount: 0, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, status: 'success', fetchStatus: 'idle' }, dehydratedAt: 0 };
    restoreQueries(queryClient, { queries: { mutations: [], queries: [drawn] }, failures: [] } as unknown as ServerState);
    await new Promise((resolve) => setTimeout(resolve, 2));
    queryClient.setQueryData(['course', 7], { id: 7, disabledAt: 'seen by its owner' });

    await forgetUser(queryClient);

    expect(queryClient.getQueryData(['course', 7])).toBeUndefined();
  });
});
