import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { stripeAccountObject, type StripeAccountObject, type TestAccountStage } from '../../src/server/payments/connect-objects';

/**
 * A local stand-in for the slice of Stripe's API the marketplace uses, so the real
 * `stripe` SDK can be tested offline (pointed here with its host/port/protocol options):
 *
 * - POST /v1/checkout/sessions (form-encoded, idempotency keys honoured, Stripe's checks on
 *   mode, line items, amounts, return URLs and expires_at)
 * - GET  /v1/checkout/sessions/:id
 * - POST /v1/checkout/sessions/:id/expire (an open session only; any other is refused with
 *   Stripe's 400, "Only Checkout Sessions with a status in ["open"] can be expired")
 * - POST /v1/refunds (an amount no more than what is left of the charge)
 * - GET  /v1/payment_intents/:id (its `latest_charge`)
 * - Connect: POST /v1/accounts, GET /v1/accounts/:id, POST /v1/account_links,
 *   POST /v1/transfers, POST /v1/transfers/:id/reversals, GET /v1/transfers (paged), GET /v1/balance,
 *   with Stripe's checks (positive integer amounts, lowercase currencies, an existing destination
 *   that can receive transfers, a `source_transaction` charge that still covers the amount, a
 *   reversal no more than what is left of the transfer)
 *
 * Idempotency keys work as Stripe's do: the same key with the same parameters answers the first
 * result again; with other parameters (or on another endpoint) it is a 400 `idempotency_error`.
 *
 * Tests drive the customer's side with `pay`, `expire` and `event`, which change a session
 * and return the webhook Stripe would send, signed with the webhook secret; the teacher's side
 * with `onboard`, which moves an account through onboarding and returns its `account.updated`.
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

/** Posts a Stripe-signed event to the app's payment webhook, as Stripe delivers it. */
export const deliverSignedEvent = (app: FastifyInstance, event: SignedEvent) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
    payload: event.body,
  });

export type FakeCharge = { id: string; object: 'charge'; payment_intent: string; amount: number; amount_refunded: number; currency: string; status: 'succeeded' };

export type FakeTransfer = {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  reversed: boolean;
  currency: string;
  destination: string;
  source_transaction: string | null;
  transfer_group: string | null;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
};

export type FakeReversal = { id: string; object: 'transfer_reversal'; amount: number; currency: string; transfer: string; created: number };

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
    readonly type = 'invalid_request_error',
    readonly code: string = status === 404 ? 'resource_missing' : 'parameter_invalid',
  ) {
    super(message);
  }
}

/** The same parameters in any key order: what an idempotency key is compared by. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical((value as Json)[key])}`)
          .join(',')}}`
      : JSON.stringify(value);

/** Stripe's form values are strings: an amount must be a positive whole number of the smallest unit. */
function positiveAmount(value: unknown, param = 'amount'): number {
  const amount = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(amount)) throw new StripeError(400, `Invalid integer: ${String(value)}`, param);
  if (amount <= 0) throw new StripeError(400, 'This value must be greater than or equal to 1.', param);
  return amount;
}

function currencyOf(value: unknown): string {
  if (typeof value !== 'string' || !/^[a-z]{3}$/.test(value)) throw new StripeError(400, `Invalid currency: ${String(value)}. Stripe currently supports these currencies: usd, eur, …`, 'currency');
  return value;
}

function urlOf(value: unknown, param: string): string {
  if (typeof value !== 'string' || !/^https?:\/\/[^\s]+$/.test(value)) throw new StripeError(400, 'Not a valid URL', param);
  return value;
}

export class StripeFake {
  readonly sessions = new Map<string, FakeSession>();
  readonly lineItems = new Map<string, LineItem[]>();
  readonly refunds: { id: string; payment_intent: string; amount: number; metadata: Record<string, string> }[] = [];
  /** Charges of paid sessions, by id. */
  readonly charges = new Map<string, FakeCharge>();
  readonly accounts = new Map<string, StripeAccountObject>();
  readonly accountLinks: { account: string; refresh_url: string; return_url: string; url: string }[] = [];
  /** Transfers in the order they were made. */
  readonly transfers = new Map<string, FakeTransfer>();
  readonly reversals: FakeReversal[] = [];
  /** What the balance reports as pending (funds not yet settled), besides what it computes as available. */
  pendingBalance = 0;
  /** Every request received, for assertions. */
  readonly requests: { method: string; path: string; body: Json; idempotencyKey: string | undefined }[] = [];
  /** Makes the next N requests fail with a 500, to test the app's handling of an outage. */
  failNext = 0;
  /** Makes the next N requests whose path matches fail with a 500 (an outage of one endpoint, while the rest answers). */
  failNextMatching: { path: RegExp; count: number } | null = null;
  private readonly idempotent = new Map<string, { request: string; result: unknown }>();
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
    this.charges.clear();
    this.accounts.clear();
    this.accountLinks.length = 0;
    this.transfers.clear();
    this.reversals.length = 0;
    this.pendingBalance = 0;
    this.requests.length = 0;
    this.idempotent.clear();
    this.failNext = 0;
    this.failNextMatching = null;
  }

  /** The customer pays on Stripe's page: the session completes and Stripe sends `checkout.session.completed`. */
  pay(sessionId: string, timestamp?: number): SignedEvent {
    const session = this.session(sessionId);
    // Stripe's page takes no payment for a session that has ended (expired, or paid already).
    if (session.status !== 'open') throw new Error(`fake session ${sessionId} is ${session.status}: it cannot be paid`);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent ??= id('pi_');
    session.url = null;
    if (!this.chargeOfIntent(session.payment_intent)) {
      const charge: FakeCharge = { id: id('ch_'), object: 'charge', payment_intent: session.payment_intent, amount: session.amount_total, amount_refunded: 0, currency: session.currency, status: 'succeeded' };
      this.charges.set(charge.id, charge);
    }
    return this.event('checkout.session.completed', sessionId, timestamp);
  }

  /** The teacher goes through (or fails) Stripe's hosted onboarding: Stripe sends `account.updated`. */
  onboard(accountId: string, stage: Exclude<TestAccountStage, 'opened'>, timestamp?: number): SignedEvent {
    const account = this.account(accountId);
    const updated = stripeAccountObject({ id: account.id, email: account.email, metadata: account.metadata, created: account.created, stage });
    this.accounts.set(accountId, updated);
    return this.signedEvent('account.updated', updated, timestamp);
  }

  account(accountId: string): StripeAccountObject {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`no fake account ${accountId}`);
    return account;
  }

  chargeOfIntent(paymentIntent: string | null): FakeCharge | undefined {
    return [...this.charges.values()].find((charge) => charge.payment_intent === paymentIntent);
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
      id: this.chargeOfIntent(session.payment_intent)?.id ?? id('ch_'),
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

  signedEvent(type: string, object: object, timestamp = Math.floor(Date.now() / 1000)): SignedEvent {
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
    const body = parseStripeForm(request.method === 'POST' ? raw : url.search.slice(1));
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
      if (this.failNextMatching && this.failNextMatching.count > 0 && this.failNextMatching.path.test(url.pathname)) {
        this.failNextMatching.count -= 1;
        return send(500, { error: { type: 'api_error', message: 'Something went wrong on Stripe' } });
      }
      // Stripe keeps a key's first result and the request it answered; only POSTs are idempotent.
      const keyed = request.method === 'POST' && idempotencyKey ? idempotencyKey : undefined;
      const fingerprint = `${request.method} ${url.pathname} ${canonical(body)}`;
      const earlier = keyed ? this.idempotent.get(keyed) : undefined;
      if (earlier) {
        if (earlier.request !== fingerprint) {
          throw new StripeError(
            400,
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${keyed}' if you meant to execute a different request.`,
            undefined,
            'idempotency_error',
            'idempotency_key_in_use',
          );
        }
        return send(200, earlier.result);
      }

      const result = this.route(request.method ?? 'GET', url.pathname, body);
      if (keyed) this.idempotent.set(keyed, { request: fingerprint, result });
      return send(200, result);
    } catch (error) {
      if (error instanceof StripeError) {
        return send(error.status, { error: { type: error.type, message: error.message, param: error.param, code: error.code } });
      }
      return send(500, { error: { type: 'api_error', message: String(error) } });
    }
  }

  private route(method: string, path: string, body: Json): unknown {
    const match = (pattern: RegExp) => pattern.exec(path)?.[1];
    const sessionId = match(/^\/v1\/checkout\/sessions\/([\w-]+)$/);
    const intentId = match(/^\/v1\/payment_intents\/([\w-]+)$/);
    const accountId = match(/^\/v1\/accounts\/([\w-]+)$/);
    const reversedTransfer = match(/^\/v1\/transfers\/([\w-]+)\/reversals$/);
    const expiredSession = match(/^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/);
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createSession(body);
    if (method === 'POST' && expiredSession) return this.expireByApi(expiredSession);
    if (method === 'GET' && sessionId) {
      const session = this.sessions.get(sessionId);
      if (!session) throw new StripeError(404, `No such checkout.session: '${sessionId}'`, 'session');
      return session;
    }
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(body);
    if (method === 'GET' && intentId) return this.paymentIntent(intentId);
    if (method === 'POST' && path === '/v1/accounts') return this.createAccount(body);
    if (method === 'GET' && accountId) {
      const account = this.accounts.get(accountId);
      if (!account) throw new StripeError(404, `No such account: '${accountId}'`, 'account');
      return account;
    }
    if (method === 'POST' && path === '/v1/account_links') return this.createAccountLink(body);
    if (method === 'POST' && path === '/v1/transfers') return this.createTransfer(body);
    if (method === 'POST' && reversedTransfer) return this.createReversal(reversedTransfer, body);
    if (method === 'GET' && path === '/v1/transfers') return this.listTransfers(body);
    if (method === 'GET' && path === '/v1/balance') return this.balance();
    throw new StripeError(404, `Unrecognized request URL (${method}: ${path})`);
  }

  /** `POST /v1/checkout/sessions/:id/expire`: only an open session can be expired. */
  private expireByApi(sessionId: string): FakeSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new StripeError(404, `No such checkout.session: '${sessionId}'`, 'session');
    if (session.status !== 'open') {
      throw new StripeError(400, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`);
    }
    session.status = 'expired';
    session.url = null;
    return session;
  }

  private paymentIntent(intentId: string) {
    const session = [...this.sessions.values()].find((candidate) => candidate.payment_intent === intentId);
    if (!session) throw new StripeError(404, `No such payment_intent: '${intentId}'`, 'intent');
    const charge = this.chargeOfIntent(intentId);
    return {
      id: intentId,
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: charge ? session.amount_total : 0,
      currency: session.currency,
      status: charge ? 'succeeded' : 'requires_payment_method',
      latest_charge: charge?.id ?? null,
      livemode: false,
    };
  }

  private createAccount(body: Json): StripeAccountObject {
    if (body.type !== 'express') throw new StripeError(400, 'This fake only opens Express accounts', 'type');
    const capabilities = body.capabilities as { transfers?: { requested?: string } } | undefined;
    if (capabilities?.transfers?.requested !== 'true') throw new StripeError(400, 'An Express account must request the transfers capability', 'capabilities');
    const email = typeof body.email === 'string' ? body.email : null;
    if (email !== null && !/^[^@\s]+@[^@\s]+$/.test(email)) throw new StripeError(400, 'Invalid email address', 'email');
    const account = stripeAccountObject({ id: id('acct_'), email, metadata: (body.metadata as Record<string, string> | undefined) ?? {}, created: Math.floor(Date.now() / 1000), stage: 'opened' });
    this.accounts.set(account.id, account);
    return account;
  }

  private createAccountLink(body: Json) {
    const account = String(body.account ?? '');
    if (!this.accounts.has(account)) throw new StripeError(400, `No such account: '${account}'`, 'account', 'invalid_request_error', 'resource_missing');
    if (body.type !== 'account_onboarding' && body.type !== 'account_update') throw new StripeError(400, 'Invalid type', 'type');
    const refreshUrl = urlOf(body.refresh_url, 'refresh_url');
    const returnUrl = urlOf(body.return_url, 'return_url');
    const created = Math.floor(Date.now() / 1000);
    const url = `https://connect.stripe.test/setup/e/${account}/${randomBytes(8).toString('hex')}`;
    this.accountLinks.push({ account, refresh_url: refreshUrl, return_url: returnUrl, url });
    return { object: 'account_link', created, expires_at: created + 300, url };
  }

  /** What is left of a charge to fund transfers: its amount less refunds and the unreversed transfers it already funds. */
  transferableRest(chargeId: string): number {
    const charge = this.charges.get(chargeId)!;
    const funded = [...this.transfers.values()].filter((transfer) => transfer.source_transaction === chargeId).reduce((sum, transfer) => sum + transfer.amount - transfer.amount_reversed, 0);
    return charge.amount - charge.amount_refunded - funded;
  }

  private createTransfer(body: Json): FakeTransfer {
    const amount = positiveAmount(body.amount);
    const currency = currencyOf(body.currency);
    const destination = String(body.destination ?? '');
    const account = this.accounts.get(destination);
    if (!destination.startsWith('acct_') || !account) throw new StripeError(400, `No such destination: '${destination}'`, 'destination', 'invalid_request_error', 'resource_missing');
    if (account.capabilities.transfers !== 'active') {
      throw new StripeError(400, 'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments', 'destination', 'invalid_request_error', 'insufficient_capabilities_for_transfer');
    }
    let sourceTransaction: string | null = null;
    if (body.source_transaction !== undefined) {
      const charge = this.charges.get(String(body.source_transaction));
      if (!charge || charge.status !== 'succeeded') throw new StripeError(400, `No such charge: '${String(body.source_transaction)}'`, 'source_transaction', 'invalid_request_error', 'resource_missing');
      if (charge.currency !== currency) throw new StripeError(400, 'The currency of source_transaction\'s balance transaction must be the same as the transfer currency.', 'currency');
      if (amount > this.transferableRest(charge.id)) {
        throw new StripeError(400, `The transfer amount exceeds what is left of the source transaction (${this.transferableRest(charge.id)}).`, 'amount', 'invalid_request_error', 'transfer_source_balance_parameters_mismatch');
      }
      sourceTransaction = charge.id;
    } else if (amount > this.balance().available[0]!.amount) {
      throw new StripeError(400, 'You have insufficient available funds in your Stripe account.', 'amount', 'invalid_request_error', 'balance_insufficient');
    }
    const transfer: FakeTransfer = {
      id: id('tr_'),
      object: 'transfer',
      amount,
      amount_reversed: 0,
      reversed: false,
      currency,
      destination,
      source_transaction: sourceTransaction,
      transfer_group: typeof body.transfer_group === 'string' ? body.transfer_group : null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
    };
    this.transfers.set(transfer.id, transfer);
    return transfer;
  }

  private createReversal(transferId: string, body: Json): FakeReversal {
    const transfer = this.transfers.get(transferId);
    if (!transfer) throw new StripeError(404, `No such transfer: '${transferId}'`, 'id');
    const rest = transfer.amount - transfer.amount_reversed;
    const amount = body.amount === undefined ? rest : positiveAmount(body.amount);
    if (rest === 0) throw new StripeError(400, `Transfer ${transferId} has already been fully reversed.`, 'amount');
    if (amount > rest) throw new StripeError(400, `Reversal amount (${amount}) is greater than the unreversed amount on the transfer (${rest}).`, 'amount');
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    const reversal: FakeReversal = { id: id('trr_'), object: 'transfer_reversal', amount, currency: transfer.currency, transfer: transferId, created: Math.floor(Date.now() / 1000) };
    this.reversals.push(reversal);
    return reversal;
  }

  /** Newest first, `limit` a page (10 by default, at most 100), `starting_after` the last id of the page before. */
  private listTransfers(query: Json) {
    const created = query.created as { gte?: string } | undefined;
    const since = created?.gte === undefined ? 0 : Number(created.gte);
    const limit = query.limit === undefined ? 10 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new StripeError(400, 'limit must be between 1 and 100', 'limit');
    const all = [...this.transfers.values()].filter((transfer) => transfer.created >= since).reverse();
    const after = typeof query.starting_after === 'string' ? all.findIndex((transfer) => transfer.id === query.starting_after) + 1 : 0;
    const page = all.slice(after, after + limit);
    return { object: 'list', url: '/v1/transfers', has_more: after + limit < all.length, data: page };
  }

  /** Available: what paid charges brought in, less refunds and unreversed transfers. */
  private balance() {
    const paidIn = [...this.charges.values()].reduce((sum, charge) => sum + charge.amount - charge.amount_refunded, 0);
    const paidOut = [...this.transfers.values()].reduce((sum, transfer) => sum + transfer.amount - transfer.amount_reversed, 0);
    return {
      object: 'balance',
      livemode: false,
      available: [{ amount: paidIn - paidOut, currency: 'usd', source_types: { card: paidIn - paidOut } }],
      pending: [{ amount: this.pendingBalance, currency: 'usd', source_types: { card: this.pendingBalance } }],
    };
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
    const charge = this.chargeOfIntent(paymentIntent);
    if (!charge) throw new StripeError(400, `This PaymentIntent (${paymentIntent}) does not have a successful charge to refund.`, 'payment_intent');
    const rest = charge.amount - charge.amount_refunded;
    if (rest === 0) throw new StripeError(400, `Charge ${charge.id} has already been refunded.`, 'charge', 'invalid_request_error', 'charge_already_refunded');
    const amount = body.amount === undefined ? rest : positiveAmount(body.amount);
    if (amount > rest) throw new StripeError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${rest})`, 'amount');
    charge.amount_refunded += amount;
    const refund = { id: id('re_'), object: 'refund', payment_intent: paymentIntent, charge: charge.id, amount, currency: charge.currency, status: 'succeeded', metadata: (body.metadata as Record<string, string>) ?? {} };
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
