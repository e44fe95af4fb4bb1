import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../../../shared/limits';

/** One wording per order status (a payment status, or partly refunded), the same on the buyer's purchases and the admin's orders. */
export function usePaymentStatusLabel() {
  const { t } = useTranslation();
  return (status: OrderStatus) => t(`paymentStatus.${status}`);
}
