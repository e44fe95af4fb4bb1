import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import classes from './overlay-providers.module.css';
import { toastLimit, toastPosition } from './toast-settings';

/**
 * The hosts of dialogs and toasts: Mantine's modal stack and notification container. Both
 * listen to events from showDialog/confirmDialog and the toast store, so they need not wrap
 * the app; they live in their own chunk, fetched with the first dialog or toast.
 */
export default function OverlayProviders({ onReady }: { onReady: () => () => void }) {
  // Children's effects run first: by now ModalsProvider listens for open events (and no longer once unmounted).
  useEffect(() => onReady(), [onReady]);
  return (
    <>
      <ModalsProvider />
      <Notifications limit={toastLimit} position={toastPosition} className={classes.toasts} />
    </>
  );
}
