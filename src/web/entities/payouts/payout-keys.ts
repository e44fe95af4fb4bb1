/** Keys of the money teachers earn: a payout account's change or a transfer's retry invalidates `payoutKeys.all`. */
export const payoutKeys = {
  all: ['payouts'] as const,
  /** The signed-in teacher's account, balances, sales and transfers. */
  earnings: () => [...payoutKeys.all, 'earnings'] as const,
  /** Every teacher's balance, the totals, failed transfers and the last reconciliation (admins). */
  admin: () => [...payoutKeys.all, 'admin'] as const,
};
