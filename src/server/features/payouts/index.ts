/** The payouts area's one public entry: its feature plugin, and what other areas and the platform use of it. */
export { payoutsFeature } from './feature';
export { lockOrder, markLinesRefunded, providerKey, recordOrderSale, settleRefundedLines } from './ledger-entries';
export { applyReportedAccount } from './payout-accounts';
export { reverseRefundedShares, sendPendingTransfers } from './payout-transfers';
export { BASIS_POINTS, splitLine } from './revenue-split';
export type { LineSplit } from './revenue-split';
export { runPayouts } from './transfers';
