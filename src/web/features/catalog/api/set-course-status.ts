import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { adminKeys } from '../../admin';

/** Disable or enable a course: one action, two directions. */
export const setCourseStatus = (id: number, action: 'disable' | 'enable') =>
  call(action === 'disable' ? endpoints.disableCourse : endpoints.enableCourse, { params: { id } });

export function useSetCourseStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'disable' | 'enable') => setCourseStatus(id, action),
    onSuccess: (course) => {
      queryClient.setQueryData(adminKeys.course(id), course);
      void queryClient.invalidateQueries({ queryKey: adminKeys.courses() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
