import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { couponKeys } from './coupon-keys';

/** The teacher's coupons, newest first, with their uses and revenue. */
export const getMyCoupons = ({ signal }: { signal?: AbortSignal } = {}) => call(endpoints.getMyCoupons, { signal });

export const myCouponsQueryOptions = () => queryOptions({ queryKey: couponKeys.mine(), queryFn: ({ signal }) => getMyCoupons({ signal }) });

export const useMyCoupons = () => useQuery(myCouponsQueryOptions());
