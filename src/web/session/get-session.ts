import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { sessionSchema, sessionUserSchema } from '../../shared/endpoints/accounts';
import { endpoints } from '../../shared/endpoints/endpoint-table';
import { call } from '../lib/api-client';
import { useHydrated } from '../lib/use-hydrated';

/** The signed-in user as better-auth reports it (its admin plugin adds `isAdmin`). */
export type SessionUser = z.output<typeof sessionUserSchema>;

export type Session = z.output<typeof sessionSchema>;

/** better-auth answers `null` (status 200) when nobody is signed in. */
export const getSession = ({ signal }: { signal?: AbortSignal } = {}) =>
  call(endpoints.getSession, { signal });

export const sessionQueryKey = ['auth', 'session'] as const;

export const getSessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession({ signal }),
    // The session changes only by signing in or out, which update this query themselves.
    staleTime: 5 * 60_000,
  });

/**
 * The current session. `user` is null when signed out, and also when the session could not be
 * read (the server is down): the app then behaves as for a visitor. `isPending` is true only
 * until the first answer, so callers can avoid flashing "Sign in" at a signed-in user.
 * A server-rendered page is drawn for a visitor whose session is not known yet: until it is
 * hydrated, the browser shows the same, and the signed-in parts fill in right after.
 */
export function useSession() {
  const hydrated = useHydrated();
  // Only the fields used are read, so a refetch that changes nothing re-renders nothing. Until the
  // page is hydrated nothing is read at all: the session's answer then changes nothing shown here,
  // and telling the readers would re-render each of them synchronously (the whole course page);
  // they read it in the transition that turns `hydrated` on.
  const { data, isPending } = useQuery({ ...getSessionQueryOptions(), notifyOnChangeProps: hydrated ? undefined : [] });
  const user = (hydrated ? data?.user : null) ?? null;
  return {
    session: hydrated ? (data ?? null) : null,
    user,
    isSignedIn: user !== null,
    isAdmin: user?.isAdmin === true,
    isPending: isPending || !hydrated,
  };
}
