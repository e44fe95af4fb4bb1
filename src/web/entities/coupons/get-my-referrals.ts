import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { couponKeys } from './coupon-keys';

/** The teacher's referral link to each of their courses, with its visits and sales. */
export const getMyReferrals = ({ signal }: { signal?: AbortSignal } = {}) => call(endpoints.getMyReferrals, { signal });

export const myReferralsQueryOptions = () => queryOptions({ queryKey: couponKeys.referrals(), queryFn: ({ signal }) => getMyReferrals({ signal }) });

export const useMyReferrals = () => useQuery(myReferralsQueryOptions());
