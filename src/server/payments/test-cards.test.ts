import { describe, expect, it } from 'vitest';
import { checkCard, expiryInFuture, luhnValid, parseExpiry } from './test-cards';

describe('test provider card checks', () => {
  const now = new Date('2026-06-15T12:00:00Z');

  it('checks the Luhn digit', () => {
    for (const valid of ['4242424242424242', '4000000000000002', '5555555555554444', '378282246310005']) expect(luhnValid(valid), valid).toBe(true);
    for (const invalid of ['4242424242424241', '1234567890123456', '42424242', '4242x24242424242', '']) expect(luhnValid(invalid), invalid).toBe(false);
  });

  it('reads MM/YY and MM/YYYY and wants a month that has not ended', () => {
    expect(parseExpiry('06/26')).toEqual({ month: 6, year: 2026 });
    expect(parseExpiry(' 1 / 2031 ')).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry('13/26')).toBeNull();
    expect(parseExpiry('00/26')).toBeNull();
    expect(parseExpiry('0626')).toBeNull();
    expect(expiryInFuture({ month: 6, year: 2026 }, now)).toBe(true);
    expect(expiryInFuture({ month: 5, year: 2026 }, now)).toBe(false);
    expect(expiryInFuture({ month: 1, year: 2027 }, now)).toBe(true);
  });

  it('approves 4242 4242 4242 4242, declines 4000 0000 0000 0002 and any other valid number', () => {
    const card = { expiry: '12/30', cvc: '123' };
    expect(checkCard({ ...card, number: '4242 4242 4242 4242' }, now)).toEqual({ outcome: 'approved' });
    expect(checkCard({ ...card, number: '4242-4242-4242-4242' }, now)).toEqual({ outcome: 'approved' });
    expect(checkCard({ ...card, number: '4000 0000 0000 0002' }, now)).toEqual({ outcome: 'declined', reason: 'card_declined' });
    expect(checkCard({ ...card, number: '4111 1111 1111 1111' }, now)).toEqual({ outcome: 'declined', reason: 'live_card_in_test_mode' });
  });

  it('names every field at fault at once', () => {
    expect(checkCard({ number: '4242 4242 4242 4241', expiry: '01/20', cvc: '12' }, now)).toEqual({
      outcome: 'invalid',
      fields: { number: 'numberInvalid', expiry: 'expiryPast', cvc: 'cvcInvalid' },
    });
    expect(checkCard({ number: '', expiry: 'soon', cvc: '' }, now)).toMatchObject({ fields: { number: 'numberInvalid', expiry: 'expiryInvalid', cvc: 'cvcInvalid' } });
  });
});
