import { i18n } from '../i18n';
import { isApiError } from './api-client';

/**
 * The translated message for a failed call (`errors:codes.<code>`), in the current language.
 * Anything that is not an ApiError (a bug in our code) gets the generic message.
 */
export function errorMessage(error: unknown): string {
  const code = isApiError(error) ? error.code : 'UNKNOWN';
  return i18n.t(`errors:codes.${code}`);
}
