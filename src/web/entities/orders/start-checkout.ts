import { useMutation } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import type { Language } from '../../../shared/languages';
import { call } from '../../lib/api-client';

/**
 * Turns the server's cart into an order and opens the provider's checkout. Sends no course
 * and no price (the server prices the cart from its database), only the page's language.
 */
export const startCheckout = (locale: Language) => call(endpoints.startCheckout, { body: { locale } });

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
