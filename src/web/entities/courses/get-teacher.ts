import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';

export const teacherKeys = { teacher: (id: string) => ['teachers', id] as const };

/** A teacher's public profile: bio, picture, active courses, students and average rating. */
export const getTeacher = (id: string, { signal }: { signal?: AbortSignal } = {}) => call(endpoints.getTeacher, { params: { id }, signal });

export const getTeacherQueryOptions = (id: string) =>
  queryOptions({
    queryKey: teacherKeys.teacher(id),
    queryFn: ({ signal }) => getTeacher(id, { signal }),
  });

export const useTeacher = (id: string) => useQuery(getTeacherQueryOptions(id));
