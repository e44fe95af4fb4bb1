import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../shared/languages';
import { formatMoney } from '../../../shared/money';
import { dateTimeFormat, numberFormat } from '../../lib/intl-formats';

/**
 * Money, dates and the fee's rate on the payout screens, in the reader's language:
 * `money(1999, 'usd')` → "$19.99 USD", `date(iso)` → "26 nov 2026", `feeRate(2000)` → "20 %".
 * Dates and percentages take the language's locale from src/shared/languages.ts (money has its
 * own, src/shared/money.ts). These screens are drawn in the browser only, so the local time zone is the reader's.
 */
export function usePayoutFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const money = useCallback((cents: number, currency?: string) => formatMoney(cents, language, currency), [language]);
  const date = useCallback((iso: string) => dateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(new Date(iso)), [language]);
  const dateTime = useCallback(
    (iso: string) => dateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    [language],
  );
  const feeRate = useCallback(
    (basisPoints: number) => numberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000),
    [language],
  );
  return { money, date, dateTime, feeRate };
}
