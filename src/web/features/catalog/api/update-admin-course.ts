import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import type { EditCourseInput } from '../../../../shared/schemas/courses';
import { call } from '../../../lib/api-client';
import { adminKeys } from '../../admin';

export const updateCourse = (id: number, input: EditCourseInput) => call(endpoints.updateAdminCourse, { params: { id }, body: input });

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
