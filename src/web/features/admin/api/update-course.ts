import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCourseDetail } from '../../../../shared/schemas/admin';
import type { EditCourseInput } from '../../../../shared/schemas/courses';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const updateCourse = (id: number, input: EditCourseInput) => api.patch<AdminCourseDetail>(`/api/admin/courses/${id}`, input);

export function useUpdateCourse(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditCourseInput) => updateCourse(id, input),
    onSuccess: (course) => {
      queryClient.setQueryData(adminKeys.course(id), course);
      void queryClient.invalidateQueries({ queryKey: adminKeys.courses() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
