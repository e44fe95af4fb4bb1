import { dateTimeFormat } from '../../../lib/intl-formats';

/** Dates for the admin screens, in the reader's language (money: `formatMoney` of src/shared/money.ts). */
export const formatDateTime = (iso: string, language: string) =>
  dateTimeFormat(language === 'en' ? 'en-US' : 'es-ES', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
