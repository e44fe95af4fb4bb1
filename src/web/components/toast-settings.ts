import type { NotificationsProps } from '@mantine/notifications';
import { limits } from '../../shared/limits';

/** At most this many toasts on screen (spec section 9); the rest wait their turn. */
export const toastLimit = limits.toastMaxOnScreen;

/**
 * At the bottom: at the top they covered what they talk about (the course page's title and
 * buy box, right under the header on a phone and in the right column on a desktop).
 */
export const toastPosition: NonNullable<NotificationsProps['position']> = 'bottom-right';
