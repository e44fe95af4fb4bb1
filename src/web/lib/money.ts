import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/money';

/**
 * A price as the spec writes it, the same on cards, the course page, the cart and the order
 * history: "GRATIS"/"FREE" for a free course, otherwise `formatMoney`'s "$19.99 USD".
 */
export function usePriceLabel() {
  const { t, i18n } = useTranslation();
  return useCallback((priceCents: number) => (priceCents === 0 ? t('course.free') : formatMoney(priceCents, i18n.language)), [t, i18n.language]);
}
