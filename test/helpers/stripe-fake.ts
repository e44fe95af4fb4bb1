import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/**
 * A local stand-in for the slice of Stripe's API the marketplace uses, so the real
 * `stripe` SDK can be tested offline (pointed here with its host/port/protocol options):
 *
 * - POST /v1/checkout/sessions (form-encoded, idempotency keys honoured, Stripe's checks on
 *   mode, line items, amounts, return URLs and expires_at)
 * - GET  /v1/checkout/sessions/:id
 * - POST /v1/refunds
 *
 * Tests drive the customer's side with `pay`, `expire` and `event`, which change a session
 * and return the webhook Stripe would send, signed with the webhook secret.
 */

type LineItem = { name: string; unitAmount: number; quantity: number; currency: string };

export type FakeSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  url: string | null;
  livemode: false;
  /** Echoed from the request; a test fills `customer_details` and `total_details` (with `amount_total`) as the buyer's page and Stripe Tax would. */
  automatic_tax?: { enabled: boolean };
  tax_id_collection?: { enabled: boolean };
  billing_address_collection?: string;
  customer_details?: { name: string | null; email: string | null; address: Record<string, string | null> | null; tax_ids: { type: string; value: string }[] } | null;
  total_details?: { amount_discount: number; amount_shipping: number; amount_tax: number } | null;
};

export type SignedEvent = { id: string; body: string; signature: string };

type Json = Record<string, unknown>;

/** Stripe's form encoding (`line_items[0][price_data][unit_amount]=…`) back into objects. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(parts[index + 1]!) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export class StripeFake {
  readonly sessions = new Map<string, FakeSession>();
  readonly lineItems = new Map<string, LineItem[]>();
  readonly refunds: { id: string; payment_intent: string; amount: number; metadata: Record<string, string> }[] = [];
  /** Every request received, for assertions. */
  readonly requests: { method: string; path: string; body: Json; idempotencyKey: string | undefined }[] = [];
  /** Makes the next N requests fail with a 500, to test the app's handling of an outage. */
  failNext = 0;
  private readonly idempotent = new Map<string, unknown>();
  private server: Server | undefined;
  private readonly secretKey: string;
  private readonly webhookSecret: string;

  constructor(options: { secretKey: string; webhookSecret: string }) {
    this.secretKey = options.secretKey;
    this.webhookSecret = options.webhookSecret;
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('StripeFake is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  async listen(): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  reset() {
    this.sessions.clear();
    this.lineItems.clear();
    this.refunds.length = 0;
    this.requests.length = 0;
    this.idempotent.clear();
    this.failNext = 0;
  }

  /** The customer pays on Stripe's page: the session completes and Stripe sends `checkout.session.completed`. */
  pay(sessionId: string, timestamp?: number): SignedEvent {
    const session = this.session(sessionId);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent ??= id('pi_');
    session.url = null;
    return this.event('checkout.session.completed', sessionId, timestamp);
  }

  /** The session runs out without payment: Stripe sends `checkout.session.expired`. */
  expire(sessionId: string): SignedEvent {
    const session = this.session(sessionId);
    session.status = 'expired';
    session.url = null;
    return this.event('checkout.session.expired', sessionId);
  }

  /** A signed event carrying the session as it is now (or with `override` fields). */
  event(type: string, sessionId: string, timestamp = Math.floor(Date.now() / 1000), override: Partial<FakeSession> = {}): SignedEvent {
    return this.signedEvent(type, { ...this.session(sessionId), ...override }, timestamp);
  }

  /**
   * Someone refunds a paid session's charge (the API or the dashboard): Stripe sends
   * `charge.refunded` with the charge, `refunded` true once the whole amount went back.
   */
  refundCharge(sessionId: string, amountRefunded = this.session(sessionId).amount_total): SignedEvent {
    const session = this.session(sessionId);
    const charge = {
      id: id('ch_'),
      object: 'charge',
      amount: session.amount_total,
      amount_refunded: amountRefunded,
      currency: session.currency,
      payment_intent: session.payment_intent,
      paid: true,
      refunded: amountRefunded === session.amount_total,
      status: 'succeeded',
    };
    return this.signedEvent('charge.refunded', charge);
  }

  private signedEvent(type: string, object: object, timestamp = Math.floor(Date.now() / 1000)): SignedEvent {
    const eventId = id('evt_');
    const body = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: timestamp,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: this.webhookSecret, timestamp });
    return { id: eventId, body, signature };
  }

  session(sessionId: string): FakeSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no fake session ${sessionId}`);
    return session;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://localhost');
    const body = request.method === 'POST' ? parseStripeForm(raw) : Object.fromEntries(url.searchParams);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: request.method ?? 'GET', path: url.pathname, body, idempotencyKey });

    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req_') });
      response.end(JSON.stringify(payload));
    };
    try {
      if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (this.failNext > 0) {
        this.failNext -= 1;
        return send(500, { error: { type: 'api_error', message: 'Something went wrong on Stripe' } });
      }
      const cacheKey = idempotencyKey ? `${request.method} ${url.pathname} ${idempotencyKey}` : undefined;
      if (cacheKey && this.idempotent.has(cacheKey)) return send(200, this.idempotent.get(cacheKey));

      let result: unknown;
      const sessionMatch = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') result = this.createSession(body);
      else if (request.method === 'GET' && sessionMatch) {
        const session = this.sessions.get(sessionMatch[1]!);
        if (!session) throw new StripeError(404, `No such checkout.session: '${sessionMatch[1]}'`, 'session');
        result = session;
      } else if (request.method === 'POST' && url.pathname === '/v1/refunds') result = this.createRefund(body);
      else throw new StripeError(404, `Unrecognized request URL (${request.method}: ${url.pathname})`);

      if (cacheKey) this.idempotent.set(cacheKey, result);
      return send(200, result);
    } catch (error) {
      if (error instanceof StripeError) {
        return send(error.status, { error: { type: 'invalid_request_error', message: error.message, param: error.param, code: error.status === 404 ? 'resource_missing' : 'parameter_invalid' } });
      }
      return send(500, { error: { type: 'api_error', message: String(error) } });
    }
  }

  private createSession(body: Json): FakeSession {
    if (body.mode !== 'payment') throw new StripeError(400, 'mode must be payment', 'mode');
    const items = body.line_items as Json[] | undefined;
    if (!Array.isArray(items) || items.length === 0) throw new StripeError(400, 'line_items is required', 'line_items');
    const lines: LineItem[] = items.map((item, index) => {
      const priceData = item.price_data as Json | undefined;
      const productData = priceData?.product_data as Json | undefined;
      const unitAmount = Number(priceData?.unit_amount);
      if (!priceData || !Number.isInteger(unitAmount) || unitAmount < 0) throw new StripeError(400, 'Invalid unit_amount', `line_items[${index}][price_data][unit_amount]`);
      if (typeof productData?.name !== 'string' || !productData.name) throw new StripeError(400, 'Missing product name', `line_items[${index}][price_data][product_data][name]`);
      return { name: productData.name, unitAmount, quantity: Number(item.quantity ?? 1), currency: String(priceData.currency) };
    });
    const currencies = new Set(lines.map((line) => line.currency));
    if (currencies.size !== 1) throw new StripeError(400, 'All line items must use one currency', 'line_items');
    const total = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
    if (total < 50) throw new StripeError(400, 'The Checkout Session total amount due must add up to at least $0.50 usd', 'line_items');
    const successUrl = String(body.success_url ?? '');
    const cancelUrl = String(body.cancel_url ?? '');
    if (!/^https?:\/\//.test(successUrl) || !/^https?:\/\//.test(cancelUrl)) throw new StripeError(400, 'Not a valid URL', 'success_url');
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = body.expires_at === undefined ? now + 86_400 : Number(body.expires_at);
    if (expiresAt < now + 30 * 60 - 5 || expiresAt > now + 86_400) {
      throw new StripeError(400, 'expires_at must be between 30 minutes and 24 hours from now', 'expires_at');
    }
    const sessionId = id('cs_test_');
    const session: FakeSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: total,
      amount_subtotal: total,
      currency: [...currencies][0]!,
      client_reference_id: (body.client_reference_id as string | undefined) ?? null,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      customer_email: (body.customer_email as string | undefined) ?? null,
      payment_intent: null,
      success_url: successUrl,
      cancel_url: cancelUrl,
      expires_at: expiresAt,
      created: now,
      url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      livemode: false,
      automatic_tax: { enabled: (body.automatic_tax as Json | undefined)?.enabled === 'true' },
      tax_id_collection: { enabled: (body.tax_id_collection as Json | undefined)?.enabled === 'true' },
      billing_address_collection: (body.billing_address_collection as string | undefined) ?? 'auto',
    };
    this.sessions.set(sessionId, session);
    this.lineItems.set(sessionId, lines);
    return session;
  }

  private createRefund(body: Json) {
    const paymentIntent = String(body.payment_intent ?? '');
    const session = [...this.sessions.values()].find((candidate) => candidate.payment_intent === paymentIntent && paymentIntent);
    if (!session) throw new StripeError(404, `No such payment_intent: '${paymentIntent}'`, 'payment_intent');
    if (this.refunds.some((refund) => refund.payment_intent === paymentIntent)) {
      throw new StripeError(400, `Charge for ${paymentIntent} has already been refunded.`, 'payment_intent');
    }
    const refund = { id: id('re_'), object: 'refund', payment_intent: paymentIntent, amount: session.amount_total, status: 'succeeded', metadata: (body.metadata as Record<string, string>) ?? {} };
    this.refunds.push(refund);
    return refund;
  }
}

/**
 * A Stripe double listening for the file's tests, reset before each, with the settings that
 * point the app at it. Call before `useTestApp(env)`: the app reads `env` once the double listens.
 */
export function useStripeFake(secretKey: string, webhookSecret: string) {
  const fake = new StripeFake({ secretKey, webhookSecret });
  const env: Record<string, string> = { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret };
  beforeAll(async () => {
    await fake.listen();
    env.STRIPE_API_BASE = fake.url;
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  return { fake, env };
}
