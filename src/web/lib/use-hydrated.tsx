import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/** True outside any provider: a page the browser draws itself (and a component test) is never hydrating. */
const HydratedContext = createContext(true);

/**
 * Tells the tree below whether the page is still the server's HTML being hydrated. It says false
 * on the server and while React hydrates, so the browser's first render matches the HTML; then it
 * turns true in a transition. A transition re-renders in slices that yield to the browser; the
 * store React offers for this (useSyncExternalStore) re-renders every reader at once, and one of
 * them is a whole catalogue page: a 300 ms freeze on a phone right after it became usable.
 *
 * `settled`, when given, holds the turn back until it settles: the browser passes the session's
 * first read, so the signed-in parts change in this one transition. Otherwise the session's answer
 * would re-render every reader again, at once: a query's update is synchronous in React.
 */
export function HydratedProvider({ hydrating, settled, children }: { hydrating: boolean; settled?: Promise<unknown>; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (hydrated) return;
    if (!settled) {
      startTransition(() => setHydrated(true));
      return;
    }
    let mounted = true;
    void settled
      .catch(() => undefined)
      .then(() => {
        if (mounted) startTransition(() => setHydrated(true));
      });
    return () => {
      mounted = false;
    };
  }, [hydrated, settled]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/**
 * False while React hydrates server-rendered HTML (and on the server), true from then on and in
 * every render of a page the browser drew itself. What only the browser knows (the session) waits
 * for true, so the first render in the browser matches the server's HTML exactly.
 */
export const useHydrated = () => useContext(HydratedContext);
