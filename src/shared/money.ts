import { defaultLanguage, toLanguage, type Language } from './languages';

/**
 * The locale money is written in for each interface language. Prices are in US dollars, so
 * Spanish writes them the way Spanish speakers in the United States do (`$1,234.56`), as
 * English does: a price reads the same in both languages, as the spec writes it.
 */
const moneyLocales: Record<Language, string> = { es: 'es-US', en: 'en-US' };

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, currency: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${fractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    formats.set(key, format);
  }
  return format;
}

/**
 * An amount in cents as the spec writes money, `$price USD`, in the reader's language:
 * 1999 → "$19.99 USD", 2000 → "$20 USD" (a round amount drops its cents), 123456 →
 * "$1,234.56 USD". The currency comes from the data (an order's `usd`); prices are in dollars.
 */
export function formatMoney(cents: number, language: string, currency = 'USD'): string {
  const code = currency.toUpperCase();
  const locale = moneyLocales[toLanguage(language) ?? defaultLanguage];
  return `${numberFormat(locale, code, cents % 100 === 0 ? 0 : 2).format(cents / 100)} ${code}`;
}
