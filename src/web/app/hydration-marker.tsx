import { useEffect } from 'react';

let markHydrated: () => void = () => {};
const hydrated = new Promise<void>((resolve) => {
  markHydrated = resolve;
});

/** Resolves once the app has taken the page over (hydrated, or drawn by the browser). */
export const whenHydrated = () => hydrated;

/**
 * Marks <html data-hydrated> once the app has taken the page over (its effects run only then):
 * until that moment a server-rendered page's buttons are drawn but do nothing. Browser tests wait
 * for it before they click.
 */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    markHydrated();
  }, []);
  return null;
}
