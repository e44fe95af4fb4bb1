/**
 * Card checks of the built-in test provider. Like Stripe in test mode, only test card
 * numbers are accepted: 4242 4242 4242 4242 (and Mastercard 5555 5555 5555 4444) pay,
 * 4000 0000 0000 0002 is declined, any other valid number is refused as a real card.
 */

export const TEST_CARDS = {
  success: ['4242424242424242', '5555555555554444'],
  declined: ['4000000000000002'],
} as const;

export type CardInput = { number: string; expiry: string; cvc: string };

export type CardField = keyof CardInput;

/** Message keys of the hosted page (see test-checkout-page.ts). */
export type CardProblem = 'numberInvalid' | 'expiryInvalid' | 'expiryPast' | 'cvcInvalid';

export type CardCheck =
  | { outcome: 'approved' }
  | { outcome: 'declined'; reason: 'card_declined' | 'live_card_in_test_mode' }
  | { outcome: 'invalid'; fields: Partial<Record<CardField, CardProblem>> };

export const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** The Luhn checksum every card number carries. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** `MM/YY` or `MM/YYYY` → the month and four-digit year, or null. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is valid through the last day of its expiry month. */
export function expiryInFuture(expiry: { month: number; year: number }, now: Date): boolean {
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  return expiry.year > currentYear || (expiry.year === currentYear && expiry.month >= currentMonth);
}

export function checkCard(input: CardInput, now = new Date()): CardCheck {
  const fields: Partial<Record<CardField, CardProblem>> = {};
  const number = digitsOnly(input.number);
  if (!luhnValid(number)) fields.number = 'numberInvalid';
  const expiry = parseExpiry(input.expiry);
  if (!expiry) fields.expiry = 'expiryInvalid';
  else if (!expiryInFuture(expiry, now)) fields.expiry = 'expiryPast';
  if (!/^\d{3,4}$/.test(input.cvc.trim())) fields.cvc = 'cvcInvalid';
  if (Object.keys(fields).length) return { outcome: 'invalid', fields };
  if ((TEST_CARDS.declined as readonly string[]).includes(number)) return { outcome: 'declined', reason: 'card_declined' };
  if ((TEST_CARDS.success as readonly string[]).includes(number)) return { outcome: 'approved' };
  return { outcome: 'declined', reason: 'live_card_in_test_mode' };
}
