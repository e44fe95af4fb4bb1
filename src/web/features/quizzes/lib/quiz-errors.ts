import { i18n } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';

/**
 * A failed quiz call in words. The quiz error codes (QUIZ_WAIT, QUIZ_NO_ATTEMPTS_LEFT…) come with
 * the quiz server: until the shared `errors` catalogue names one, the quizzes' catalogue does.
 */
export function quizErrorMessage(error: unknown): string {
  if (isApiError(error) && !i18n.exists(`errors:codes.${error.code}`) && i18n.exists(`quizzes:errors.${error.code}`)) {
    return i18n.t(`quizzes:errors.${error.code}` as 'quizzes:errors.QUIZ_WAIT');
  }
  return errorMessage(error);
}
