import { notifications, notificationsStore } from '@mantine/notifications';
import { createElement } from 'react';
import { limits } from '../../shared/limits';
import { i18n } from '../i18n';
import { CheckIcon, XIcon } from './icons';
import { whenOverlaysReady } from './overlays';
import { toastLimit, toastPosition } from './toast-settings';

function show(kind: 'success' | 'error', message: string) {
  // The toast store works before its container has loaded; the container then shows what
  // the store holds. The store must already know the limit, or it would queue after five.
  void whenOverlaysReady();
  if (notificationsStore.getState().limit !== toastLimit) {
    notificationsStore.updateState((state) => ({ ...state, limit: toastLimit, defaultPosition: toastPosition }));
  }
  const success = kind === 'success';
  return notifications.show({
    message,
    color: success ? 'teal' : 'red',
    icon: createElement(success ? CheckIcon : XIcon, { size: 18 }),
    autoClose: success ? limits.toastSuccessMs : limits.toastErrorMs,
    // Errors interrupt a screen reader; confirmations wait their turn.
    role: success ? 'status' : 'alert',
    withCloseButton: true,
    closeButtonProps: { 'aria-label': i18n.t('common:toast.close') },
  });
}

/** Short messages in a corner: `toast.success(t('cart:toast.added'))`, `toast.error(t('cart:toast.exists'))`. */
export const toast = {
  /** Gone after 2 s (spec section 9). Returns the toast's id. */
  success: (message: string) => show('success', message),
  /** Gone after 4 s (spec section 9). Returns the toast's id. */
  error: (message: string) => show('error', message),
};
