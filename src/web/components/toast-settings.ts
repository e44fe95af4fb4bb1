import type { NotificationsProps } from '@mantine/notifications';
import { limits } from '../../shared/limits';

/** At most this many toasts on screen (spec section 9); the rest wait their turn. */
export const toastLimit = limits.toastMaxOnScreen;

export const toastPosition: NonNullable<NotificationsProps['position']> = 'top-right';
