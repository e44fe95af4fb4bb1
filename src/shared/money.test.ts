import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('writes money as the spec does, "$price USD", the same in Spanish and English', () => {
    for (const language of ['es', 'en']) {
      expect(formatMoney(1999, language)).toBe('$19.99 USD');
      expect(formatMoney(4550, language)).toBe('$45.50 USD');
      expect(formatMoney(123456, language)).toBe('$1,234.56 USD');
    }
  });

  it('drops the cents of a round amount, as a course card always has', () => {
    expect(formatMoney(2000, 'es')).toBe('$20 USD');
    expect(formatMoney(0, 'en')).toBe('$0 USD');
  });

  it('takes the currency from the data and an unknown language as Spanish', () => {
    expect(formatMoney(1999, 'en', 'usd')).toBe('$19.99 USD');
    expect(formatMoney(1999, 'en', 'eur')).toBe('€19.99 EUR');
    expect(formatMoney(123456, 'fr-FR')).toBe('$1,234.56 USD');
  });
});
