import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { reviewKeys } from './review-keys';

/** An active course's rating distribution, students, courses bought with it and its teacher's other courses (404 otherwise). */
export const getCourseReputation = (id: number, { signal }: { signal?: AbortSignal } = {}) => call(endpoints.getCourseReputation, { params: { id }, signal });

export const getCourseReputationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: reviewKeys.reputation(id),
    queryFn: ({ signal }) => getCourseReputation(id, { signal }),
  });

export const useCourseReputation = (id: number) => useQuery(getCourseReputationQueryOptions(id));
