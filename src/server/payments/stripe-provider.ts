import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { AppError } from '../errors';
import type { CreateCheckoutInput, MarketplaceProvider, ProviderSession, ProviderTransfer, RefundableOrder } from './provider';
import { toConnectedAccount, toProviderSession, verifyStripeEvent } from './stripe-events';

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

/** The id of an expandable field, whether Stripe sent the id or the object. */
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

export function createStripeProvider(settings: StripeSettings, log: FastifyBaseLogger): MarketplaceProvider {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiBase));

  /**
   * Provider failures become a 502 with a safe message; the details go to the log. A refusal
   * names Stripe's error code (`idempotency_error`, `balance_insufficient`…), never its text,
   * so a failed transfer records why. A 404 of a checkout session is the order's not-found.
   */
  const call = async <T>(what: string, run: () => Promise<T>, notFound: 'session' | 'other' = 'other'): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (notFound === 'session' && error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
        throw new AppError('ORDER_NOT_FOUND', 'The payment provider does not know this checkout session');
      }
      log.error({ err: error }, `stripe: ${what} failed`);
      if (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 500) < 500 && error.statusCode !== 429) {
        const code = error.code ?? error.type;
        throw new AppError('PAYMENT_PROVIDER_ERROR', `The payment provider refused this request (${what}: ${code})`);
      }
      throw new AppError('PAYMENT_PROVIDER_ERROR', 'The payment provider did not answer, try again shortly');
    }
  };

  /** The charge a PaymentIntent's payment made: what a transfer is funded from (`source_transaction`). */
  const chargeOf = async (paymentIntentId: string): Promise<string> => {
    const intent = await call('retrieve payment', () => stripe.paymentIntents.retrieve(paymentIntentId));
    const charge = idOf(intent.latest_charge);
    if (!charge) throw new AppError('CONFLICT', 'This payment has no charge to transfer from');
    return charge;
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
      const session = await call('retrieve checkout session', () => stripe.checkout.sessions.retrieve(sessionId), 'session');
      return toProviderSession(session);
    },

    async expireSession(sessionId: string, idempotencyKey: string): Promise<ProviderSession> {
      try {
        return toProviderSession(await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey }));
      } catch (error) {
        // Stripe refuses to expire a session that is not open (400: "Only Checkout Sessions with a
        // status in ["open"] can be expired"): it was paid, or it ended already. Its state says which.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 400) {
          const session = await this.retrieveSession(sessionId);
          if (session.status !== 'open') return session;
        }
        return call('expire checkout session', () => Promise.reject(error), 'session');
      }
    },

    async refund(order: RefundableOrder, request?: { amountCents: number; idempotencyKey: string }) {
      let paymentIntent = order.providerPaymentId;
      if (!paymentIntent && order.providerSessionId) {
        paymentIntent = (await this.retrieveSession(order.providerSessionId)).paymentId;
      }
      if (!paymentIntent) throw new AppError('CONFLICT', 'This order has no payment to refund');
      const refund = await call('refund', () =>
        stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            // Without an amount Stripe gives back the whole rest of the payment.
            ...(request ? { amount: request.amountCents } : {}),
            reason: 'requested_by_customer',
            metadata: { orderId: order.id },
          },
          { idempotencyKey: request?.idempotencyKey ?? `refund-${order.id}` },
        ),
      );
      return { refundId: refund.id };
    },

    async createConnectedAccount({ teacherId, email, idempotencyKey }) {
      const account = await call('create connected account', () =>
        stripe.accounts.create({ type: 'express', email, capabilities: { transfers: { requested: true } }, metadata: { teacherId } }, { idempotencyKey }),
      );
      return toConnectedAccount(account);
    },

    async createOnboardingLink({ accountId, refreshUrl, returnUrl }) {
      const link = await call('create onboarding link', () =>
        stripe.accountLinks.create({ account: accountId, refresh_url: refreshUrl, return_url: returnUrl, type: 'account_onboarding' }),
      );
      return { url: link.url };
    },

    async retrieveConnectedAccount(accountId: string) {
      return toConnectedAccount(await call('retrieve connected account', () => stripe.accounts.retrieve(accountId)));
    },

    async createTransfer(input) {
      const sourceTransaction = await chargeOf(input.sourcePaymentId);
      const transfer = await call('transfer', () =>
        stripe.transfers.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            destination: input.destinationAccountId,
            transfer_group: input.transferGroup,
            source_transaction: sourceTransaction,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { transferId: transfer.id };
    },

    async reverseTransfer({ transferId, amountCents, idempotencyKey }) {
      const reversal = await call('transfer reversal', () => stripe.transfers.createReversal(transferId, { amount: amountCents }, { idempotencyKey }));
      return { reversalId: reversal.id };
    },

    async listTransfers({ createdSince }) {
      return call('list transfers', async () => {
        const found: ProviderTransfer[] = [];
        // The SDK follows `has_more` page after page.
        for await (const transfer of stripe.transfers.list({ created: { gte: Math.floor(createdSince.getTime() / 1000) }, limit: 100 })) {
          found.push({
            id: transfer.id,
            destinationAccountId: idOf(transfer.destination) ?? '',
            amountCents: transfer.amount,
            reversedCents: transfer.amount_reversed,
            currency: transfer.currency,
            transferGroup: transfer.transfer_group ?? null,
            createdAt: new Date(transfer.created * 1000),
          });
        }
        return found;
      });
    },

    async retrieveBalance(currency: string) {
      const balance = await call('retrieve balance', () => stripe.balance.retrieve());
      const sum = (funds: { amount: number; currency: string }[]) => funds.filter((fund) => fund.currency === currency).reduce((total, fund) => total + fund.amount, 0);
      return { availableCents: sum(balance.available), pendingCents: sum(balance.pending) };
    },

    verifyWebhook(rawBody: Buffer, signature: string | undefined) {
      return verifyStripeEvent(rawBody, signature, settings.webhookSecret);
    },
  };
}
