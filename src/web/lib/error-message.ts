import { i18n } from '../i18n';
import type { Catalogue } from '../i18n/catalogue';
import { isApiError } from './api-client';

/**
 * The translated message for a failed call (`errors:codes.<code>`), in the current language.
 * Anything that is not an ApiError (a bug in our code) gets the generic message. A page the
 * server renders passes its own instance (`useTranslation().i18n`): on the server each request
 * renders with its language's.
 */
export function errorMessage(error: unknown, instance: Pick<typeof i18n, 't' | 'exists'> = i18n): string {
  // A code whose text is in a part of the catalogue this page has not loaded, or that a newer
  // server sends, reads as the generic message rather than as its key.
  const code = isApiError(error) && instance.exists(`errors:codes.${error.code}`) ? error.code : 'UNKNOWN';
  // A message about one line of an uploaded file (captions) names it: the server sends it in `fields.line`.
  const line = isApiError(error) ? error.fields?.line?.[0] : undefined;
  return line === undefined ? instance.t(`errors:codes.${code}`) : instance.t(`errors:codes.${code}`, { line });
}

type ValidationMessage = keyof Catalogue['validation'];

/**
 * The translated text of a field error, in the current language. Shared schemas and the
 * server's `fields` name one as `validation.<name>`: the `<name>` text of the `validation`
 * catalogue. A key this page does not know (a newer server) reads as the generic one.
 */
export function fieldErrorMessage(key: string): string {
  const name = key.replace(/^validation\./, '') as ValidationMessage;
  return i18n.exists(`validation:${name}`) ? i18n.t(`validation:${name}`) : i18n.t('validation:invalid');
}
