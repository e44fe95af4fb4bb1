/**
 * Accounts: sign-in and sign-up, the signed-in user's profile and e-mail change, and the admin's
 * user management.
 *
 * The feature's public entry: app/ and other features import only this file. Its pages are
 * reached through the page table (src/shared/pages.ts), which the router loads one chunk per page.
 */
export { useMe } from './api/get-me';
export { setAccountLanguage } from './api/set-language';
export { VerifyEmailBanner } from './components/verify-email-banner';
