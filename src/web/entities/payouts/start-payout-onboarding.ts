import { useMutation } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';

/**
 * Opens (or resumes) my payout account's onboarding: the server creates the connected account
 * the first time and answers a single-use link to the provider's hosted pages.
 */
export const startPayoutOnboarding = () => call(endpoints.startPayoutOnboarding);

/**
 * Leaves the app for the provider's onboarding (a full navigation, not a route). `assign`, so
 * Back from the provider returns to the page the teacher started from.
 */
const goToProvider = (url: string) => window.location.assign(url);

export function useStartPayoutOnboarding() {
  return useMutation({ mutationFn: startPayoutOnboarding, onSuccess: ({ url }) => goToProvider(url) });
}
