/** Money and dates for the admin screens, in the reader's language. */
export const formatUsd = (cents: number, language: string) =>
  new Intl.NumberFormat(language === 'en' ? 'en-US' : 'es-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

export const formatDateTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-ES', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
