import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates server-rendered HTML (and on the server), true from then on and in
 * every render of a page the browser drew itself. What only the browser knows (the session) waits
 * for true, so the first render in the browser matches the server's HTML exactly.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
