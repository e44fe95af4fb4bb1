import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { PayoutProvider, ProviderTransfer } from '../../src/server/payments/provider';

type State = { byKey: Record<string, string>; transfers: (Omit<ProviderTransfer, 'createdAt'> & { createdAt: string; idempotencyKey: string })[] };

/**
 * The provider's transfers kept in a file, so that they outlive a process killed in the middle
 * of a run (the provider's servers are elsewhere: killing our process does not undo a transfer
 * they made). Same idempotency as Stripe: a key seen before answers the first transfer again.
 * `afterTransfer` runs once the transfer is stored (the crash test stops the process there).
 */
export function createFilePayoutProvider(file: string, { afterTransfer }: { afterTransfer?: () => Promise<void> } = {}): PayoutProvider & { state(): State } {
  const read = (): State => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as State) : { byKey: {}, transfers: [] });
  const unsupported = () => Promise.reject(new Error('not part of this double'));
  return {
    state: read,
    async createTransfer(input) {
      const state = read();
      let id = state.byKey[input.idempotencyKey];
      if (!id) {
        id = `tr_file_${state.transfers.length + 1}`;
        const { idempotencyKey, destinationAccountId, amountCents, currency, transferGroup } = input;
        state.transfers.push({ id, destinationAccountId, amountCents, currency, transferGroup, reversedCents: 0, createdAt: new Date().toISOString(), idempotencyKey });
        state.byKey[idempotencyKey] = id;
        writeFileSync(file, JSON.stringify(state));
      }
      await afterTransfer?.();
      return { transferId: id };
    },
    async listTransfers() {
      return read().transfers.map(({ idempotencyKey: _key, createdAt, ...transfer }) => ({ ...transfer, createdAt: new Date(createdAt) }));
    },
    reverseTransfer: unsupported,
    createConnectedAccount: unsupported,
    createOnboardingLink: unsupported,
    retrieveConnectedAccount: unsupported,
    retrieveBalance: unsupported,
  };
}
