import { useTranslation } from 'react-i18next';
import { priceAmount } from '../../lib/price';

/** "GRATIS" / "FREE" for a free course, otherwise "$19.99 USD" (spec section 9). */
export function useCoursePrice() {
  const { t } = useTranslation();
  return (priceCents: number) => (priceCents === 0 ? t('course.free') : t('course.price', { price: priceAmount(priceCents) }));
}
