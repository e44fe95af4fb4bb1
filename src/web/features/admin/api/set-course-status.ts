import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCourseDetail } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `POST /api/admin/courses/:id/disable` and `/enable`: one action, two directions. */
export const setCourseStatus = (id: number, action: 'disable' | 'enable') => api.post<AdminCourseDetail>(`/api/admin/courses/${id}/${action}`);

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
