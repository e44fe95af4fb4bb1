import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ordersEndpoints } from '../../../shared/endpoints/orders';
import { AppError } from '../../errors';
import { route } from '../../http/route';
import type { PaymentProvider } from '../../payments/provider';
import { handleProviderEvent } from './settlement';

/** Where the provider posts its events (exempt from the cross-site check: it is server to server, and signed). */
export const WEBHOOK_PATH = ordersEndpoints.paymentWebhook.path;

/** Provider events are small; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * The provider's webhook. The signature covers the exact bytes sent, so this scope keeps
 * the raw body (a buffer) instead of parsing JSON.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ payments: PaymentProvider }> = async (app, { payments }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  route(app, ordersEndpoints.paymentWebhook, async (request) => {
    const raw = request.body;
    let event;
    try {
      if (!Buffer.isBuffer(raw) || raw.length === 0) throw new AppError('INVALID_SIGNATURE', 'Missing or empty signed body');
      event = payments.verifyWebhook(raw, request.headers['stripe-signature']);
    } catch (error) {
      app.metrics.webhookFailures.inc({ reason: 'signature' });
      throw error;
    }
    try {
      const outcome = await handleProviderEvent(app.db, payments.name, event, request.log);
      return { received: true as const, outcome };
    } catch (error) {
      // The provider sends it again later; an operator wants to know before it gives up.
      app.metrics.webhookFailures.inc({ reason: 'processing' });
      throw error;
    }
  });
};
