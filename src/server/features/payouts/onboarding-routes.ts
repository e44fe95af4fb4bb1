import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payoutAccountEndpoints } from '../../../shared/endpoints/payouts';
import { signedInUser } from '../../auth/access';
import { route } from '../../http/route';
import type { PaymentProvider, PayoutProvider } from '../../payments/provider';
import { onboardingUrls, refreshOnboarding, startOnboarding } from './onboarding';

/** A teacher's payout account: open it at the provider and go through its hosted onboarding. */
export const payoutAccountRoutes: FastifyPluginAsyncZod<{ payments: PaymentProvider; payouts: PayoutProvider }> = async (app, { payments, payouts }) => {
  const { db } = app;
  const urls = onboardingUrls(app.config.publicUrl);

  route(app, payoutAccountEndpoints.startPayoutOnboarding, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return startOnboarding(db, payouts, payments.name, signedInUser(request), urls);
  });

  route(app, payoutAccountEndpoints.refreshPayoutOnboarding, async (request, reply) => {
    const link = await refreshOnboarding(db, payouts, signedInUser(request).id, urls);
    return reply.status(302).header('cache-control', 'no-store').redirect(link.url, 302);
  });
};
