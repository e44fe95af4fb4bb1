import type { AccessRule } from '../../access-cases.test-support';

const formPost = (url: string, fields: Record<string, string>) => () => ({
  url,
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/**
 * The plain HTML forms: public, and answered with a 303 whoever posts (on to the next page, or
 * back to the form with a notice: here an unknown account's wrong password, an invalid sign-up,
 * an unknown address's reset request, which is answered like a known one).
 */
export const accessRules: AccessRule[] = [
  { route: 'POST /api/forms/sign-in', request: formPost('/api/forms/sign-in', { email: 'nobody-here@example.com', password: 'Wrong0pass!' }), status: 303 },
  { route: 'POST /api/forms/sign-up', request: formPost('/api/forms/sign-up', { email: 'not-an-address', password: 'short' }), status: 303 },
  { route: 'POST /api/forms/password-reset', request: formPost('/api/forms/password-reset', { email: 'nobody-here@example.com' }), status: 303 },
];
