import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/** True outside any provider: a page the browser draws itself (and a component test) is never hydrating. */
const HydratedContext = createContext(true);

/**
 * Tells the tree below whether the page is still the server's HTML being hydrated. It says false
 * on the server and while React hydrates, so the browser's first render matches the HTML; then it
 * turns true in a transition. A transition re-renders in slices that yield to the browser; the
 * store React offers for this (useSyncExternalStore) re-renders every reader at once, and one of
 * them is a whole catalogue page: a 300 ms freeze on a phone right after it became usable.
 */
export function HydratedProvider({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/**
 * False while React hydrates server-rendered HTML (and on the server), true from then on and in
 * every render of a page the browser drew itself. What only the browser knows (the session) waits
 * for true, so the first render in the browser matches the server's HTML exactly.
 */
export const useHydrated = () => useContext(HydratedContext);
