import type { PaymentProvider, PayoutProvider } from './provider';

const payoutMethods = ['createConnectedAccount', 'createOnboardingLink', 'retrieveConnectedAccount', 'createTransfer', 'reverseTransfer', 'listTransfers', 'retrieveBalance'] as const;

/**
 * The payment provider's payouts side (Stripe Connect), when it has one: the provider object
 * itself implements both seams. Null for a provider without it, and the payouts' provider
 * calls (transfers, reversals, reconciliation) wait until there is one.
 */
export function payoutProviderOf(provider: PaymentProvider): PayoutProvider | null {
  const candidate = provider as Partial<Record<(typeof payoutMethods)[number], unknown>>;
  return payoutMethods.every((method) => typeof candidate[method] === 'function') ? (provider as unknown as PayoutProvider) : null;
}
