import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseForEdit, EditCourseInput } from '../../../../shared/schemas/courses';
import { api } from '../../../lib/api-client';
import { courseForEditQueryKey } from './get-course-for-edit';

export const updateCourse = ({ id, changes }: { id: number; changes: EditCourseInput }) => api.patch<CourseForEdit>(`/api/courses/${id}`, changes);

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
