import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/api-schemas';
import { AppError } from '../../errors';
import type { PaymentProvider } from '../../payments/provider';
import { handleProviderEvent } from './settlement';

/** Where the provider posts its events (exempt from the cross-site check: it is server to server, and signed). */
export const WEBHOOK_PATH = '/api/payments/webhook';

/** Provider events are small; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * The provider's webhook. The signature covers the exact bytes sent, so this scope keeps
 * the raw body (a buffer) instead of parsing JSON.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ payments: PaymentProvider }> = async (app, { payments }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/webhook',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: "The payment provider's signed events (Stripe's format and Stripe-Signature header)",
        description:
          'Verifies the Stripe-Signature header (HMAC-SHA256, 5 minute tolerance) over the raw body. checkout.session.completed and checkout.session.async_payment_succeeded fulfil the order once; checkout.session.expired and async_payment_failed close it. A forged or stale signature gets 400 and changes nothing.',
        headers: z.object({ 'stripe-signature': z.string().max(4096).optional() }).loose(),
        response: { 200: z.object({ received: z.literal(true), outcome: z.string() }), 400: errorResponse },
      },
    },
    async (request) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw) || raw.length === 0) throw new AppError('INVALID_SIGNATURE', 'Missing or empty signed body');
      const event = payments.verifyWebhook(raw, request.headers['stripe-signature']);
      const outcome = await handleProviderEvent(app.db, payments.name, event, request.log);
      return { received: true as const, outcome };
    },
  );
};
