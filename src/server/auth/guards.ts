import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { courses } from '../db/schema';
import { AppError } from '../errors';
import type { Auth } from './auth';
import type { SessionCache } from './session-cache';
import type { SessionInvalidation } from './session-invalidation';

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  image: string | null;
  isAdmin: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** Sessions this process resolved lately (see session-cache.ts). */
    sessionCache: SessionCache;
    /** Keeps `sessionCache` in step with the database's notices. */
    sessionInvalidation: SessionInvalidation;
  }
  interface FastifyRequest {
    /** Resolved once per request by `sessionUser()`. */
    sessionUserPromise?: Promise<SessionUser | null>;
  }
}

/** ACCOUNT_DISABLED, naming the account, so the auth mount can end its sessions. */
export class AccountDisabledError extends AppError {
  constructor(readonly userId: string) {
    super('ACCOUNT_DISABLED', 'This account has been disabled');
  }
}

/** The request's headers as better-auth's API takes them. */
export function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

const SESSION_COOKIES = /(?:^|;\s*)((?:__Secure-)?marketplace\.session_token=[^;]*)/g;

/**
 * What identifies the caller's session, exactly as sent: the bearer token and the signed session
 * cookie (better-auth prefers the first). Null when there is neither, i.e. a visitor.
 */
function credentialOf(request: FastifyRequest): string | null {
  const { cookie, authorization } = request.headers;
  // Every session cookie, named: which one better-auth reads must not matter to the key.
  const sessionCookies = cookie ? Array.from(cookie.matchAll(SESSION_COOKIES), (match) => match[1]).join(';') : '';
  if (!sessionCookies && !authorization) return null;
  return `${authorization ?? ''}\n${sessionCookies}`;
}

async function lookUpSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  const credential = credentialOf(request);
  if (credential === null) return null;
  const cache = request.server.sessionCache;
  const kept = cache.get(credential);
  if (kept) return kept;
  const generation = cache.currentGeneration;
  const result = await request.server.auth.api.getSession({ headers: headersOf(request) });
  if (!result) return null;
  const user = result.user as typeof result.user & { isAdmin?: boolean | null; disabledAt?: Date | null };
  // A disabled user's sessions stop working at once, with a code the client turns into the disabled dialog.
  if (user.disabledAt) throw new AccountDisabledError(user.id);
  const resolved: SessionUser = { id: user.id, name: user.name, email: user.email, image: user.image ?? null, isAdmin: Boolean(user.isAdmin) };
  cache.set(credential, resolved, { sessionExpiresAt: new Date(result.session.expiresAt), generation });
  return resolved;
}

/**
 * The signed-in user of this request, or null for a visitor. A public route reads it only when
 * its entry says so (`security: optionalSession`), so that the OpenAPI document declares every
 * route that answers differently to a signed-in caller.
 */
export function sessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  const { access, optionalSession } = request.routeOptions.config;
  if (access === 'public' && !optionalSession) throw new Error(`${request.method} ${request.routeOptions.url} reads the session, but its entry does not declare it (security: optionalSession)`);
  request.sessionUserPromise ??= lookUpSessionUser(request);
  return request.sessionUserPromise;
}

/** The signed-in user; answers 401 for a visitor. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await sessionUser(request);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  return user;
}

/** An admin; 401 for a visitor, 403 for anyone else. */
export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw new AppError('FORBIDDEN', 'Only admins may do this');
  return user;
}

/**
 * The course's owner or an admin may manage it; 404 when the course does not exist,
 * 403 for anyone else.
 */
export async function requireCourseManager(request: FastifyRequest, db: Database, courseId: number): Promise<SessionUser> {
  const user = await requireUser(request);
  const [course] = await db.select({ ownerId: courses.ownerId }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
  if (course.ownerId !== user.id && !user.isAdmin) throw new AppError('FORBIDDEN', 'Only the course owner may do this');
  return user;
}
