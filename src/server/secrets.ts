import { createHmac } from 'node:crypto';
import { resolveAuthSecret } from './auth/auth';
import type { Config } from './config';

/** Every secret the server signs with, resolved once at boot and handed to what needs it. */
export type Secrets = {
  /** Sessions (better-auth). */
  auth: string;
  /** The signed links to the main videos. */
  videoUrl: string;
  /** The built-in test payment provider's webhook signatures (Stripe has its own, in config.stripe). */
  testPaymentWebhook: string;
};

/** AUTH_SECRET (or the one generated into DATA_DIR), and the others set or derived from it. */
export async function loadSecrets(config: Config): Promise<Secrets> {
  const auth = await resolveAuthSecret(config);
  return {
    auth,
    videoUrl: config.videoUrlSecret ?? auth,
    testPaymentWebhook: config.paymentWebhookSecret ?? createHmac('sha256', auth).update('test-payment-provider-webhook').digest('base64url'),
  };
}
