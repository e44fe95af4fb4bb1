import type { CouponDiscountKind } from '../../../shared/limits';
import { formatMoney } from '../../../shared/money';

/** "50 %" for a percentage, "$5 USD" for an amount off each course. */
export const discountLabel = (kind: CouponDiscountKind, value: number, language: string) => (kind === 'percent' ? `${value} %` : formatMoney(value, language));
