import { APIError } from 'better-auth/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usersEndpoints } from '../../../shared/endpoints/accounts';
import { signedInUser } from '../../auth/access';
import { approveEmailChange, confirmEmailChange, RateLimitedError, requestEmailChange, type EmailChangeDeps } from '../../auth/email-change';
import { headersOf } from '../../auth/guards';
import { passwordAttemptLimits } from '../../auth/password-attempts';
import { AppError } from '../../errors';
import { route } from '../../http/route';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';

/** A refusal for too many requests tells the client how long to wait. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

/** The signed-in user's password, checked by better-auth's /verify-password, which counts it as an attempt on the account. */
function passwordVerifier(request: FastifyRequest) {
  return async (password: string): Promise<boolean> => {
    try {
      await request.server.auth.api.verifyPassword({ headers: headersOf(request), body: { password } });
      return true;
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      if (error.statusCode === 429) {
        const retryAfter = Number(new Headers(error.headers).get('retry-after'));
        throw new RateLimitedError(retryAfter > 0 ? retryAfter : passwordAttemptLimits.perAccount.window);
      }
      if (error.statusCode === 401) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
      return false;
    }
  };
}

export const emailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: FastifyRequest): EmailChangeDeps => ({
    db: app.db,
    counter: app.auth.counter,
    perAccountMailMax: app.config.mail.perAccountPerHour,
    verifyPassword: passwordVerifier(request),
    promoteIfListed: app.auth.promoteIfListed,
  });

  route(app, usersEndpoints.requestEmailChange, async (request, reply) => {
    const user = signedInUser(request);
    const current = await app.auth.api.getSession({ headers: headersOf(request) });
    if (!current) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    const [account] = await app.db.select({ language: users.language }).from(users).where(eq(users.id, user.id));
    const answer = await withRetryAfter(reply, () =>
      requestEmailChange(
        deps(request),
        { userId: user.id, email: current.user.email, language: account?.language ?? 'es', sessionId: current.session.id, sessionCreatedAt: new Date(current.session.createdAt) },
        request.body,
        request.ip,
      ),
    );
    return reply.status(202).send(answer);
  });

  route(app, usersEndpoints.approveEmailChange, async (request, reply) =>
    withRetryAfter(reply, () => approveEmailChange(deps(request), request.body.token, request.ip)),
  );

  route(app, usersEndpoints.confirmEmailChange, async (request, reply) =>
    withRetryAfter(reply, () => confirmEmailChange(deps(request), request.body.token, request.ip)),
  );
};
