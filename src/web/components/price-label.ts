import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** "$19.99 USD" from integer cents; "GRATIS"/"FREE" for 0 (spec section 9). */
export function usePriceLabel() {
  const { t } = useTranslation();
  return useCallback((priceCents: number) => (priceCents === 0 ? t('course.free') : t('course.price', { price: (priceCents / 100).toFixed(2) })), [t]);
}
