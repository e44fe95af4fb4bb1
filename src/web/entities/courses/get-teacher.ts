import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';

export const teacherKeys = { teacher: (id: string, page: number) => ['teachers', id, page] as const };

/** A teacher's public profile: bio, picture, students, average rating and one page of their active courses. */
export const getTeacher = (id: string, page: number, { signal }: { signal?: AbortSignal } = {}) =>
  call(endpoints.getTeacher, { params: { id }, query: { page }, signal });

export const getTeacherQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: teacherKeys.teacher(id, page),
    queryFn: ({ signal }) => getTeacher(id, page, { signal }),
  });

/** The next page keeps the profile on screen while its courses load. */
export const useTeacher = (id: string, page: number) => useQuery({ ...getTeacherQueryOptions(id, page), placeholderData: keepPreviousData });
