import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formEndpoints } from '../../../shared/endpoints/accounts';
import type { FormNotice } from '../../../shared/form-notices';
import { languageOrDefault } from '../../../shared/languages';
import { paths } from '../../../shared/paths';
import { safeReturnPath } from '../../../shared/return-path';
import { authFailure, authJsonRequest } from '../../auth/mount';
import { acceptFormPosts, noticeForCode, redirectAfterPost } from '../../http/form-posts';
import { route } from '../../http/route';

type Outcome = { success: string; failure: (notice: FormNotice) => string };

/**
 * The sign-in, sign-up and reset request forms posted by the browser itself: each is handed to
 * better-auth as the very JSON call the web app makes (authJsonRequest), so its hooks, its Origin
 * check, the password rules, the attempt limits and the session cookie with its attributes are the
 * app's. Its answer becomes a 303: on to where the app would go, with the session cookie, or back
 * to the form with a notice that names the failure and nothing typed.
 */
export const authFormRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptFormPosts(app);

  async function viaAuth(request: FastifyRequest, reply: FastifyReply, endpoint: string, body: Record<string, unknown>, outcome: Outcome) {
    const response = await app.auth.handler(authJsonRequest(request, app.config.publicUrl, endpoint, body));
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    if (response.status < 400) return redirectAfterPost(reply, outcome.success);
    const failure = authFailure(response.status, await response.text());
    if (failure.code === 'INTERNAL') request.log.error({ status: response.status, message: failure.message }, 'authentication error');
    const retryAfter = response.headers.get('retry-after') ?? response.headers.get('x-retry-after');
    if (failure.code === 'RATE_LIMITED' && retryAfter) reply.header('retry-after', retryAfter);
    return redirectAfterPost(reply, outcome.failure(noticeForCode(failure.code)));
  }

  route(app, formEndpoints.signInForm, async (request, reply) => {
    const { email = '', password = '', next } = request.body;
    const returnTo = safeReturnPath(next) ?? undefined;
    return viaAuth(request, reply, 'sign-in/email', { email, password }, {
      success: returnTo ?? paths.home(),
      failure: (notice) => paths.register({ mode: 'signin', next: returnTo, notice }),
    });
  });

  route(app, formEndpoints.signUpForm, async (request, reply) => {
    const { email = '', password = '', language, next } = request.body;
    const returnTo = safeReturnPath(next) ?? undefined;
    // The page's language, as the app sends its interface's: the account's e-mails are written in it.
    return viaAuth(request, reply, 'sign-up/email', { email, password, language: languageOrDefault(language) }, {
      success: returnTo ?? paths.home(),
      failure: (notice) => paths.register({ next: returnTo, notice }),
    });
  });

  route(app, formEndpoints.passwordResetRequestForm, async (request, reply) => {
    const { email = '' } = request.body;
    const back = (notice: FormNotice) => paths.register({ mode: 'forgot', notice });
    return viaAuth(request, reply, 'request-password-reset', { email }, { success: back('RESET_LINK_SENT'), failure: back });
  });
};
