import { numberFormat } from './intl-formats';

/** An amount in cents as money in the reader's language: "$1,234.56". */
export const formatUsd = (cents: number, language: string) =>
  numberFormat(language === 'en' ? 'en-US' : 'es-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
