import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';

const refusals = { COURSE_ALREADY_IN_CART: 'toast.exists', COURSE_ALREADY_OWNED: 'toast.owned', COURSE_IS_YOURS: 'toast.yours' } as const;

/** What to say when adding to the cart or enrolling is refused ("Course exists!"…); `t` reads the cart namespace. */
export function cartRefusalMessage(error: unknown, t: (key: (typeof refusals)[keyof typeof refusals]) => string) {
  if (isApiError(error) && error.code in refusals) return t(refusals[error.code as keyof typeof refusals]);
  return errorMessage(error);
}
