import type { ConnectedAccount, PayoutProvider, ProviderTransfer } from '../../src/server/payments/provider';

/**
 * A double of the payment provider's Connect servers, in memory: it records every call, answers
 * the same object for the same idempotency key (as Stripe does), checks what Stripe checks
 * (positive integer amounts, a reversal no larger than what is left of its transfer), and can
 * be told to fail the next calls, or to fail *after* doing the work (a crash between the
 * provider's answer and our record of it).
 */
export type PayoutDouble = PayoutProvider & {
  accounts: Map<string, ConnectedAccount>;
  transfers: Map<string, ProviderTransfer & { idempotencyKey: string; sourcePaymentId: string }>;
  reversals: Map<string, { id: string; transferId: string; amountCents: number; idempotencyKey: string }>;
  calls: { method: string; idempotencyKey?: string }[];
  /** The next `count` money-moving calls throw before doing anything. */
  failNext(count?: number, message?: string): void;
  /** The next money-moving call does its work, then throws (its answer is lost). */
  loseNextAnswer(): void;
  /** Forgets everything (a double shared by an app across tests). */
  reset(): void;
  /** Transfers created at the provider and not known to the ledger (for the reconciliation tests). */
  addForeignTransfer(transfer: Omit<ProviderTransfer, 'createdAt' | 'reversedCents'> & { createdAt?: Date }): void;
};

export function createPayoutDouble(): PayoutDouble {
  const accounts = new Map<string, ConnectedAccount>();
  const transfers: PayoutDouble['transfers'] = new Map();
  const reversals: PayoutDouble['reversals'] = new Map();
  const byKey = new Map<string, unknown>();
  const calls: PayoutDouble['calls'] = [];
  let failures: string[] = [];
  let loseAnswer = false;
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}_${(++sequence).toString().padStart(6, '0')}`;

  /** Stripe's idempotency: the same key answers the first answer; the failure hooks run before and after. */
  async function moneyCall<T>(method: string, idempotencyKey: string, work: () => T): Promise<T> {
    calls.push({ method, idempotencyKey });
    const failure = failures.shift();
    if (failure !== undefined) throw new Error(failure);
    const result = (byKey.has(idempotencyKey) ? byKey.get(idempotencyKey) : work()) as T;
    byKey.set(idempotencyKey, result);
    if (loseAnswer) {
      loseAnswer = false;
      throw new Error('connection reset after the provider answered');
    }
    return result;
  }

  return {
    accounts,
    transfers,
    reversals,
    calls,
    failNext(count = 1, message = 'provider unavailable') {
      failures = Array.from({ length: count }, () => message);
    },
    loseNextAnswer() {
      loseAnswer = true;
    },
    reset() {
      for (const store of [accounts, transfers, reversals, byKey]) store.clear();
      calls.length = 0;
      failures = [];
      loseAnswer = false;
    },
    addForeignTransfer({ createdAt = new Date(), ...transfer }) {
      transfers.set(transfer.id, { ...transfer, createdAt, reversedCents: 0, idempotencyKey: `foreign-${transfer.id}`, sourcePaymentId: 'pi_foreign' });
    },
    async createConnectedAccount({ idempotencyKey }) {
      return moneyCall('createConnectedAccount', idempotencyKey, () => {
        const account: ConnectedAccount = { id: nextId('acct'), state: 'pending', requirements: ['external_account'] };
        accounts.set(account.id, account);
        return account;
      });
    },
    async createOnboardingLink({ accountId }) {
      calls.push({ method: 'createOnboardingLink' });
      return { url: `https://connect.example.test/onboarding/${accountId}` };
    },
    async retrieveConnectedAccount(accountId) {
      calls.push({ method: 'retrieveConnectedAccount' });
      const account = accounts.get(accountId);
      if (!account) throw new Error(`No such account: ${accountId}`);
      return account;
    },
    async createTransfer(input) {
      return moneyCall('createTransfer', input.idempotencyKey, () => {
        if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new Error(`invalid amount ${input.amountCents}`);
        if (!input.sourcePaymentId) throw new Error('source_transaction required');
        const id = nextId('tr');
        transfers.set(id, {
          id,
          destinationAccountId: input.destinationAccountId,
          amountCents: input.amountCents,
          reversedCents: 0,
          currency: input.currency,
          transferGroup: input.transferGroup,
          createdAt: new Date(),
          idempotencyKey: input.idempotencyKey,
          sourcePaymentId: input.sourcePaymentId,
        });
        return { transferId: id };
      });
    },
    async reverseTransfer(input) {
      return moneyCall('reverseTransfer', input.idempotencyKey, () => {
        const transfer = transfers.get(input.transferId);
        if (!transfer) throw new Error(`No such transfer: ${input.transferId}`);
        if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0 || transfer.reversedCents + input.amountCents > transfer.amountCents) {
          throw new Error(`invalid reversal amount ${input.amountCents} of transfer ${transfer.id}`);
        }
        transfer.reversedCents += input.amountCents;
        const id = nextId('trr');
        reversals.set(id, { id, transferId: transfer.id, amountCents: input.amountCents, idempotencyKey: input.idempotencyKey });
        return { reversalId: id };
      });
    },
    async listTransfers({ createdSince }) {
      calls.push({ method: 'listTransfers' });
      return [...transfers.values()]
        .filter((transfer) => transfer.createdAt >= createdSince)
        .map(({ idempotencyKey: _key, sourcePaymentId: _source, ...transfer }) => ({ ...transfer }));
    },
    async retrieveBalance() {
      calls.push({ method: 'retrieveBalance' });
      return { availableCents: 0, pendingCents: 0 };
    },
  };
}

/** What the double has moved in total: transferred less reversed. */
export function netTransferred(double: PayoutDouble): number {
  return [...double.transfers.values()].reduce((total, transfer) => total + transfer.amountCents - transfer.reversedCents, 0);
}
