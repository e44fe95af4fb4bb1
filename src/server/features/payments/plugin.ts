import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { paths } from '../../../shared/paths';
import { resolveAuthSecret } from '../../auth/auth';
import { expireStaleOrders } from '../orders/fulfilment';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe-provider';
import { testCheckoutRoutes } from './test-checkout-routes';
import { createTestProvider } from './test-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured payment provider: Stripe when its keys are set, else the built-in test provider. */
    payments: PaymentProvider;
  }
}

/** How often unpaid orders past their expiry are marked expired. */
export const ORDER_SWEEP_INTERVAL_MS = 60_000;

export const WEBHOOK_PATH = '/api/payments/webhook';

/** The return addresses given to the provider; Stripe fills in `{CHECKOUT_SESSION_ID}`. */
export function returnUrls(publicUrl: string) {
  return {
    successUrl: `${publicUrl}${paths.paymentSuccess()}?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${publicUrl}${paths.paymentFailed()}`,
  };
}

/**
 * Picks the payment provider and makes it `app.payments` for every feature (checkout,
 * confirmation, the admin's refunds); serves the test provider's hosted page when it is
 * the one in use; sweeps expired orders.
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance, options: { sweepIntervalMs?: number } = {}) => {
    const { config } = app;
    let provider: PaymentProvider;
    if (config.stripe) {
      provider = createStripeProvider(config.stripe, app.log);
    } else {
      // The test provider signs its events with its own secret, derived from the auth secret unless set.
      const webhookSecret =
        config.paymentWebhookSecret ?? createHmac('sha256', await resolveAuthSecret(config)).update('test-payment-provider-webhook').digest('base64url');
      const testProvider = createTestProvider({
        db: app.db,
        publicUrl: config.publicUrl,
        webhookSecret,
        log: app.log,
        ...returnUrls(config.publicUrl),
        // The provider notifies the app through its real webhook route, like Stripe would.
        deliver: async (rawBody, signature) => {
          const response = await app.inject({
            method: 'POST',
            url: WEBHOOK_PATH,
            headers: { 'content-type': 'application/json', 'stripe-signature': signature, 'user-agent': 'TestPaymentProvider/1.0' },
            payload: rawBody,
          });
          return response.statusCode;
        },
      });
      await app.register(testCheckoutRoutes, { provider: testProvider });
      provider = testProvider;
      // Test cards buy courses here: say so loudly, in case this is a production server without Stripe keys.
      app.log.warn('payments: the built-in TEST payment provider is active (no STRIPE_SECRET_KEY); test cards buy courses');
    }
    app.decorate('payments', provider);

    const interval = options.sweepIntervalMs ?? ORDER_SWEEP_INTERVAL_MS;
    if (interval > 0) {
      const timer = setInterval(() => {
        expireStaleOrders(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'order expiry sweep failed'));
      }, interval);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
  { name: 'payments' },
);
