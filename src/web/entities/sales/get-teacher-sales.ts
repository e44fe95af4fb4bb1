import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { salesKeys } from './sales-keys';

/** My courses' sales, as their teacher. */
export const getMySales = ({ signal }: { signal?: AbortSignal } = {}) => call(endpoints.getMySales, { signal });

/** Any teacher's sales, for admins (404 USER_NOT_FOUND for an unknown user). */
export const getTeacherSales = (userId: string, { signal }: { signal?: AbortSignal } = {}) => call(endpoints.getTeacherSales, { params: { id: userId }, signal });

/** The signed-in teacher's sales, or with `teacherId` (admins only) that teacher's. */
export const teacherSalesQueryOptions = (teacherId?: string) =>
  queryOptions({
    queryKey: teacherId === undefined ? salesKeys.mine() : salesKeys.ofTeacher(teacherId),
    queryFn: ({ signal }) => (teacherId === undefined ? getMySales({ signal }) : getTeacherSales(teacherId, { signal })),
  });

export const useTeacherSales = (teacherId?: string) => useQuery(teacherSalesQueryOptions(teacherId));
