import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCourseInput } from '../../../../shared/schemas/courses';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';

export const createCourse = (input: CreateCourseInput) => call(endpoints.createCourse, { body: input });

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    // A new course shows up in the catalogue, in my created courses and in the account menu:
    // every cached list may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
