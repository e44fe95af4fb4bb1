import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '../../../shared/limits';

/** One wording per payment status, the same on the buyer's purchases and the admin's orders. */
export function usePaymentStatusLabel() {
  const { t } = useTranslation();
  return (status: PaymentStatus) => t(`paymentStatus.${status}`);
}
