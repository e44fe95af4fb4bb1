import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { AppError } from '../errors';
import type { CreateCheckoutInput, PaymentProvider, ProviderSession, RefundableOrder } from './provider';
import { toProviderSession, verifyStripeEvent } from './stripe-events';

export type StripeSettings = { secretKey: string; webhookSecret: string; apiBase: string | undefined; tax?: boolean };

/** Stripe's own address by default; another one (a local double) when STRIPE_API_BASE is set. */
function clientOptions(apiBase: string | undefined): Stripe.StripeConfig {
  // No request-latency telemetry: a burst of checkouts overflows its buffer, and the SDK then
  // writes a process warning for every further request.
  const common: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false, appInfo: { name: 'course-marketplace' } };
  if (!apiBase) return common;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return { ...common, host: url.hostname, port: url.port || (protocol === 'https' ? 443 : 80), protocol };
}

/** Only absolute https image links are accepted by Stripe's product data. */
const stripeImages = (imageUrl: string | null) => (imageUrl && /^https:\/\//i.test(imageUrl) ? [imageUrl] : undefined);

export function createStripeProvider(settings: StripeSettings, log: FastifyBaseLogger): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiBase));

  /** Provider failures become a 502 with a safe message; the details go to the log. */
  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
        throw new AppError('ORDER_NOT_FOUND', 'The payment provider does not know this checkout session');
      }
      log.error({ err: error }, `stripe: ${what} failed`);
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        throw new AppError('PAYMENT_PROVIDER_ERROR', 'The payment provider refused this request');
      }
      throw new AppError('PAYMENT_PROVIDER_ERROR', 'The payment provider did not answer, try again shortly');
    }
  };

  return {
    name: 'stripe',

    async createCheckoutSession(input: CreateCheckoutInput) {
      const session = await call('create checkout session', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: input.orderId,
            metadata: { orderId: input.orderId },
            customer_email: input.customerEmail,
            line_items: input.lines.map((line) => ({
              quantity: 1,
              price_data: {
                currency: input.currency,
                unit_amount: line.unitAmountCents,
                product_data: { name: line.title, images: stripeImages(line.imageUrl), metadata: { courseId: String(line.courseId) } },
              },
            })),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: Math.floor(input.expiresAt.getTime() / 1000),
            ...(input.locale ? { locale: input.locale } : {}),
            // The invoice's optional billing name, address and tax ID, asked for on Stripe's page.
            tax_id_collection: { enabled: true },
            billing_address_collection: 'auto',
            // STRIPE_TAX: Stripe Tax adds the tax on top of the prices; settlement accepts the order's amount plus it.
            ...(settings.tax ? { automatic_tax: { enabled: true } } : {}),
          },
          // A retried request for the same order never creates a second session.
          { idempotencyKey: `checkout-${input.orderId}` },
        ),
      );
      if (!session.url) throw new AppError('PAYMENT_PROVIDER_ERROR', 'The payment provider returned no checkout page');
      return { sessionId: session.id, url: session.url };
    },

    async retrieveSession(sessionId: string): Promise<ProviderSession> {
      const session = await call('retrieve checkout session', () => stripe.checkout.sessions.retrieve(sessionId));
      return toProviderSession(session);
    },

    async refund(order: RefundableOrder) {
      let paymentIntent = order.providerPaymentId;
      if (!paymentIntent && order.providerSessionId) {
        paymentIntent = (await this.retrieveSession(order.providerSessionId)).paymentId;
      }
      if (!paymentIntent) throw new AppError('CONFLICT', 'This order has no payment to refund');
      const refund = await call('refund', () =>
        stripe.refunds.create({ payment_intent: paymentIntent, reason: 'requested_by_customer', metadata: { orderId: order.id } }, { idempotencyKey: `refund-${order.id}` }),
      );
      return { refundId: refund.id };
    },

    verifyWebhook(rawBody: Buffer, signature: string | undefined) {
      return verifyStripeEvent(rawBody, signature, settings.webhookSecret);
    },
  };
}
