import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { MarketplaceProvider } from './provider';
import { createStripeProvider } from './stripe-provider';
import { createTestProvider, type TestProvider, type WebhookDelivery } from './test-provider';

export type PaymentProviderOptions = {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  /** Signs the test provider's events; Stripe's secret is in `config.stripe`. */
  testWebhookSecret: string;
  /** Where the buyer lands after the hosted page; `{CHECKOUT_SESSION_ID}` is filled in. */
  successUrl: string;
  cancelUrl: string;
  /** How the test provider reaches the app's webhook route, as Stripe would. */
  deliver: WebhookDelivery;
};

/**
 * The configured payment provider, for buyers' payments and teachers' payouts alike: Stripe when
 * its keys are set, else the built-in test provider, whose hosted pages (checkout, onboarding)
 * the app then serves (`testProvider`).
 */
export function createPaymentProvider(options: PaymentProviderOptions): { provider: MarketplaceProvider; testProvider: TestProvider | null } {
  const { config, db, log } = options;
  if (config.stripe) return { provider: createStripeProvider(config.stripe, log), testProvider: null };
  const testProvider = createTestProvider({
    db,
    publicUrl: config.publicUrl,
    webhookSecret: options.testWebhookSecret,
    log,
    successUrl: options.successUrl,
    cancelUrl: options.cancelUrl,
    deliver: options.deliver,
  });
  // Test cards buy courses here: say so loudly, in case this is a production server without Stripe keys.
  log.warn('payments: the built-in TEST payment provider is active (no STRIPE_SECRET_KEY); test cards buy courses');
  return { provider: testProvider, testProvider };
}

/** The test provider notifies the app through its real webhook route (`webhookPath`), like Stripe would. */
export function deliverThroughApp(app: FastifyInstance, webhookPath: string): WebhookDelivery {
  return async (rawBody, signature) => {
    const response = await app.inject({
      method: 'POST',
      url: webhookPath,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature, 'user-agent': 'TestPaymentProvider/1.0' },
      payload: rawBody,
    });
    return response.statusCode;
  };
}
