import { z } from 'zod';
import { errorResponse } from '../api-schemas';

/**
 * A field as a browser posts it (`application/x-www-form-urlencoded`): text, checked by the same
 * rules as the app's JSON call inside the handler, so that a bad value comes back to the form as a
 * message rather than as a JSON error page. Bounded, so nothing larger is ever handed on.
 */
export const formField = (max: number) => z.string().max(max).optional();

const formPostResponses = {
  303: z.null(),
  400: errorResponse,
  403: errorResponse,
  415: errorResponse,
};

export const formPost = {
  method: 'POST' as const,
  access: 'public' as const,
  consumes: ['application/x-www-form-urlencoded'],
  tags: ['forms'],
  responses: formPostResponses,
};

export const redirects =
  'A form posted by the browser itself (JavaScript off or not loaded yet), going through the same rules, limits and cookies as the JSON call. ' +
  'Answers 303: to where the app goes on success, or back to the form page with `?notice=<code>` (src/shared/form-notices.ts), which never carries what was typed. ' +
  'A post from another site is refused (403 CROSS_SITE_REQUEST), with or without a session.';
