import { paths } from '../../shared/paths';
import { safeReturnPath } from '../../shared/return-path';

/** `/register?mode=signin`: the form opens on "sign in" (a plain /register stays on sign-up, as the spec says). */
export const signInModeValue = 'signin';

export type AuthMode = 'signUp' | 'signIn';

/** The mode /register opens in: sign-in when asked for, sign-up otherwise. */
export const authModeFrom = (mode: string | null): AuthMode => (mode === signInModeValue ? 'signIn' : 'signUp');

/**
 * The sign-in form, coming back to `returnTo` (a path of this app with its query) once signed in.
 * A target that is not a safe path of the app is dropped, so the link never leads off the site.
 */
export const signInPath = (returnTo?: string | null): string =>
  paths.register({ mode: signInModeValue, next: safeReturnPath(returnTo) ?? undefined });
