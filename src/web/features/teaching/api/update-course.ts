import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditCourseInput } from '../../../../shared/schemas/courses';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { courseForEditQueryKey } from './get-course-for-edit';

export const updateCourse = ({ id, changes }: { id: number; changes: EditCourseInput }) => call(endpoints.updateCourse, { params: { id }, body: changes });

export function useUpdateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCourse,
    onSuccess: (course) => {
      queryClient.setQueryData(courseForEditQueryKey(course.id), course);
      // The course's page, the catalogue and my created courses show these fields.
      return queryClient.invalidateQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(courseForEditQueryKey(course.id)) });
    },
  });
}
