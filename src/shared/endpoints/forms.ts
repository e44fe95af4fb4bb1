import { z } from 'zod';
import { errorResponse } from '../api-schemas';
import { defineEndpoint, optionalSession } from './endpoint';

/**
 * A field as a browser posts it (`application/x-www-form-urlencoded`): text, checked by the same
 * rules as the app's JSON call inside the handler, so that a bad value comes back to the form as a
 * message rather than as a JSON error page. Bounded, so nothing larger is ever handed on.
 */
const formField = (max: number) => z.string().max(max).optional();

const formPostResponses = {
  303: z.null(),
  400: errorResponse,
  403: errorResponse,
  415: errorResponse,
};

const formPost = {
  method: 'POST' as const,
  access: 'public' as const,
  consumes: ['application/x-www-form-urlencoded'],
  tags: ['forms'],
  responses: formPostResponses,
};

const redirects =
  'A form posted by the browser itself (JavaScript off or not loaded yet), going through the same rules, limits and cookies as the JSON call. ' +
  'Answers 303: to where the app goes on success, or back to the form page with `?notice=<code>` (src/shared/form-notices.ts), which never carries what was typed. ' +
  'A post from another site is refused (403 CROSS_SITE_REQUEST), with or without a session.';

/**
 * The public forms' plain HTML posts (sign-in, sign-up, the password reset's two steps, contact):
 * the pages render `method="post"` with these as `action`, so a form submitted before the web app
 * takes over is posted, never sent as a GET whose query (a password) lands in the address bar,
 * the history and the request log.
 */
export const formEndpoints = {
  signInForm: defineEndpoint({
    ...formPost,
    path: '/api/forms/sign-in',
    effects: ['sessions'],
    summary: 'Sign in with e-mail and password from the HTML form',
    description: `${redirects} Success sets the session cookie and goes to \`next\` (a path of this app) or home.`,
    body: z.object({ email: formField(1000), password: formField(1000), next: formField(2048) }),
  }),
  signUpForm: defineEndpoint({
    ...formPost,
    path: '/api/forms/sign-up',
    effects: ['sessions'],
    summary: 'Create an account (and sign in) from the HTML form',
    description: `${redirects} Success sets the session cookie and goes to \`next\` (a path of this app) or home.`,
    body: z.object({ email: formField(1000), password: formField(1000), language: formField(10), next: formField(2048) }),
  }),
  passwordResetRequestForm: defineEndpoint({
    ...formPost,
    path: '/api/forms/password-reset',
    effects: ['sessions'],
    summary: 'Ask for a password reset link from the HTML form',
    description: `${redirects} Success comes back to the form saying the link was sent (whether or not the address has an account).`,
    body: z.object({ email: formField(1000) }),
  }),
  contactForm: defineEndpoint({
    ...formPost,
    path: '/api/forms/contact',
    security: optionalSession,
    effects: [],
    summary: 'Send a message to the staff from the HTML form',
    description: `${redirects} Success comes back to the contact page saying the message was sent.`,
    body: z.object({ email: formField(1000), name: formField(1000), message: formField(5000) }),
  }),
};
