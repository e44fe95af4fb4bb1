import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { couponKeys } from './coupon-keys';

/** Every coupon of the site (the admins' and the teachers'), newest first. */
export const getSiteCoupons = ({ signal }: { signal?: AbortSignal } = {}) => call(endpoints.getSiteCoupons, { signal });

export const siteCouponsQueryOptions = () => queryOptions({ queryKey: couponKeys.site(), queryFn: ({ signal }) => getSiteCoupons({ signal }) });

export const useSiteCoupons = () => useQuery(siteCouponsQueryOptions());
