/**
 * A teacher's payout account and earnings, and the admin's payouts.
 *
 * The feature's public entry: app/ and other features import only this file. Its pages are
 * reached through the page table (src/shared/pages.ts), which the router loads one chunk per page.
 */
export { PayoutAccountCard } from './components/payout-account-card';
