import { lazy, Suspense, useSyncExternalStore } from 'react';

const OverlayProviders = lazy(() => import('./overlay-providers'));

/*
 * Dialogs and toasts are rare on a first visit, and their code (modal, focus trap, scroll
 * lock, transitions) is a good part of Mantine. So the home page does not download it: the
 * first showDialog/confirmDialog/toast asks for it, and waits for it when it must.
 */
let requested = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => {};
let ready: Promise<void>;
/** Until hosts listen, a dialog or toast waits: at the start, and again once every host is unmounted (a test's cleanup; the app keeps its host). */
const waitForHosts = () => {
  ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
};
waitForHosts();
let listeningHosts = 0;
/** Called by a host's effect; its cleanup runs when that host stops listening. */
const hostListening = () => {
  listeningHosts += 1;
  markReady();
  return () => {
    listeningHosts -= 1;
    if (listeningHosts === 0) waitForHosts();
  };
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const isRequested = () => requested;

/** Mounts the dialog and toast hosts (once) and resolves when they listen. */
export function whenOverlaysReady(): Promise<void> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return ready;
}

/** Rendered once by the app providers; empty until the first dialog or toast. */
export function OverlayHost() {
  const needed = useSyncExternalStore(subscribe, isRequested, isRequested);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <OverlayProviders onReady={hostListening} />
    </Suspense>
  );
}
