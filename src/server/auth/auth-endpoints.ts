import { authEndpoints } from '../../shared/endpoints/accounts';
import type { Effect, Endpoint } from '../../shared/endpoints/endpoint';
import { AUTH_BASE_PATH } from './auth';

/**
 * The better-auth endpoints this server offers, as the path after /api/auth/: those the web app
 * calls (src/shared/endpoints/accounts.ts), the social providers' callbacks, and the page better-auth
 * sends a failed social sign-in to when it cannot reach the web app's. Every other endpoint
 * better-auth has, or gains in an upgrade, answers 404: an allowlist, so none is on by accident.
 */
const ENABLED_AUTH_ENDPOINTS = new Set([
  'get-session',
  // Read-only, with the session tokens taken out (see `withoutSessionTokens`).
  'list-sessions',
  'sign-in/email',
  'sign-up/email',
  'sign-in/social',
  'sign-out',
  'change-password',
  'request-password-reset',
  'reset-password',
  'verify-email',
  'send-verification-email',
  'error',
]);

/** `callback/<provider>` (GitHub, Facebook, Twitter/X) and `oauth2/callback/<provider>` (Google, through OpenID Connect). */
const SOCIAL_CALLBACK = /^(?:oauth2\/)?callback\/[a-z0-9-]+$/;

export function isEnabledAuthEndpoint(endpoint: string): boolean {
  return ENABLED_AUTH_ENDPOINTS.has(endpoint) || SOCIAL_CALLBACK.test(endpoint);
}

/** What each endpoint the web app calls declares it may change, by `<method> <path after /api/auth/>`. */
const declaredEffects = new Map(
  Object.values<Endpoint>(authEndpoints)
    .filter((endpoint) => endpoint.servedBy === 'auth-handler')
    .map((endpoint) => [`${endpoint.method} ${endpoint.path.slice(AUTH_BASE_PATH.length + 1)}`, endpoint.effects ?? []]),
);

/**
 * What a call of a better-auth endpoint may change: what its entry in the endpoint table
 * declares. The endpoints the web app does not call (a social provider's callback signs in and
 * may create an account) and a method an entry does not name are taken to change sessions.
 */
export function authEndpointEffects(method: string, endpoint: string): readonly Effect[] {
  // A HEAD request runs the GET handler.
  return declaredEffects.get(`${method === 'HEAD' ? 'GET' : method} ${endpoint}`) ?? ['sessions'];
}

const isSessionRow = (value: object): value is Record<string, unknown> => 'token' in value && 'userId' in value && 'expiresAt' in value;

/**
 * A better-auth answer without the token of any session row in it (`get-session`'s session,
 * `list-sessions`' list): a session's token is its credential, which the browser keeps in an
 * HttpOnly cookie out of scripts' reach; an answer must not hand it (or another device's) back.
 */
export function withoutSessionTokens(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutSessionTokens);
  if (typeof body !== 'object' || body === null) return body;
  const entries = Object.entries(body).filter(([key]) => !(key === 'token' && isSessionRow(body)));
  return Object.fromEntries(entries.map(([key, value]) => [key, withoutSessionTokens(value)]));
}
