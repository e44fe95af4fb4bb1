import { localeOf } from '../../../../shared/languages';
import { dateTimeFormat } from '../../../lib/intl-formats';

/** Dates for the admin screens, in the reader's language (money: `formatMoney` of src/shared/money.ts). */
export const formatDateTime = (iso: string, language: string) =>
  dateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
