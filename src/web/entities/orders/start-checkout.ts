import { useMutation } from '@tanstack/react-query';
import type { CheckoutResponse } from '../../../shared/schemas/orders';
import { api } from '../../lib/api-client';

/**
 * Turns the server's cart into an order and opens the provider's checkout. Sends no course
 * and no price (the server prices the cart from its database), only the page's language.
 */
export const startCheckout = (locale: 'es' | 'en') => api.post<CheckoutResponse>('/api/checkout', { locale });

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
