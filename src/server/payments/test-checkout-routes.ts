import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../shared/languages';
import { pickLanguage, renderTestCheckoutPage } from './test-checkout-page';
import { TEST_ONBOARDING_PATH } from './test-connect';
import { renderTestOnboardingPage } from './test-onboarding-page';
import { TEST_CHECKOUT_PATH, type TestProvider } from './test-provider';

type Params = { sessionId: string };
type LinkParams = { linkId: string };
type Form = { number?: unknown; expiry?: unknown; cvc?: unknown };

const asText = (value: unknown) => (typeof value === 'string' ? value.slice(0, 64) : '');
const languageOf = (request: FastifyRequest): Language =>
  pickLanguage(request.headers['accept-language'], (request.query as { lang?: string } | undefined)?.lang);

function sendPage(reply: FastifyReply, status: number, html: string) {
  // A payment page is never cached, and never shown inside another site's frame (helmet's CSP says so too).
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/**
 * The test provider's hosted pages, served by the app on their own paths (outside /api).
 * Checkout: GET shows the order and the card form, POST takes the card. Onboarding of a
 * teacher's payout account: GET shows the account with Approve and Reject, POST decides.
 */
export const testCheckoutRoutes: FastifyPluginAsync<{ provider: TestProvider }> = async (app, { provider }) => {
  // An HTML form posts `application/x-www-form-urlencoded`; parsed only in this scope.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get<{ Params: Params }>(`${TEST_CHECKOUT_PATH}/:sessionId`, { schema: { hide: true }, config: { credentialParams: ['sessionId'] } }, async (request, reply) => {
    const lang = languageOf(request);
    const action = `${TEST_CHECKOUT_PATH}/${encodeURIComponent(request.params.sessionId)}`;
    const view = await provider.loadSession(request.params.sessionId);
    if (!view) return sendPage(reply, 404, renderTestCheckoutPage({ lang, view, message: 'notFound', action }));
    const message = view.session.status === 'expired' ? 'expired' : view.session.status === 'complete' ? 'paid' : undefined;
    return sendPage(reply, 200, renderTestCheckoutPage({ lang, view, message, action }));
  });

  app.post<{ Params: Params; Body: Form }>(`${TEST_CHECKOUT_PATH}/:sessionId`, { schema: { hide: true }, config: { credentialParams: ['sessionId'] } }, async (request, reply) => {
    const lang = languageOf(request);
    const action = `${TEST_CHECKOUT_PATH}/${encodeURIComponent(request.params.sessionId)}`;
    const form = (request.body ?? {}) as Form;
    const values = { number: asText(form.number), expiry: asText(form.expiry), cvc: asText(form.cvc) };
    const result = await provider.pay(request.params.sessionId, values);
    if (!result) return sendPage(reply, 404, renderTestCheckoutPage({ lang, view: null, message: 'notFound', action }));
    if (result.outcome === 'paid') return reply.status(303).header('cache-control', 'no-store').redirect(result.redirectTo, 303);
    const view = await provider.loadSession(request.params.sessionId);
    if (result.outcome === 'closed') {
      const message = result.session.session.status === 'complete' ? 'paid' : 'expired';
      return sendPage(reply, 200, renderTestCheckoutPage({ lang, view, message, action }));
    }
    // Like a provider's page, a refusal is the same page again (status 200) with the reason.
    // The card number and CVC are never echoed back into the page.
    if (result.outcome === 'invalid') {
      return sendPage(reply, 200, renderTestCheckoutPage({ lang, view, fields: result.fields, values: { expiry: values.expiry }, action }));
    }
    return sendPage(reply, 200, renderTestCheckoutPage({ lang, view, message: result.reason, values: { expiry: values.expiry }, action }));
  });

  app.get<{ Params: LinkParams }>(`${TEST_ONBOARDING_PATH}/:linkId`, { schema: { hide: true }, config: { credentialParams: ['linkId'] } }, async (request, reply) => {
    const lang = languageOf(request);
    const action = `${TEST_ONBOARDING_PATH}/${encodeURIComponent(request.params.linkId)}`;
    const view = await provider.loadOnboarding(request.params.linkId);
    if (!view) return sendPage(reply, 404, renderTestOnboardingPage({ lang, view, action }));
    // Like Stripe's account links, one used or expired sends the teacher to the refresh URL for a new one.
    if (!view.usable) return reply.status(302).header('cache-control', 'no-store').redirect(view.refreshUrl, 302);
    return sendPage(reply, 200, renderTestOnboardingPage({ lang, view, action }));
  });

  app.post<{ Params: LinkParams; Body: { decision?: unknown } }>(`${TEST_ONBOARDING_PATH}/:linkId`, { schema: { hide: true }, config: { credentialParams: ['linkId'] } }, async (request, reply) => {
    const lang = languageOf(request);
    const action = `${TEST_ONBOARDING_PATH}/${encodeURIComponent(request.params.linkId)}`;
    const decision = (request.body as { decision?: unknown } | undefined)?.decision;
    if (decision !== 'approve' && decision !== 'reject') {
      const view = await provider.loadOnboarding(request.params.linkId);
      return sendPage(reply, view ? 400 : 404, renderTestOnboardingPage({ lang, view, action }));
    }
    const result = await provider.decideOnboarding(request.params.linkId, decision);
    if (!result) return sendPage(reply, 404, renderTestOnboardingPage({ lang, view: null, action }));
    return reply.status(303).header('cache-control', 'no-store').redirect(result.redirectTo, 303);
  });
};
