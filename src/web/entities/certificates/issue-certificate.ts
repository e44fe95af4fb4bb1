import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type Endpoints } from '../../../shared/endpoints/endpoint-table';
import type { EndpointResponse } from '../../../shared/endpoints/endpoint';
import { call } from '../../lib/api-client';
import { certificateKeys } from './certificate-keys';

export type MyCertificate = EndpointResponse<Endpoints['issueMyCertificate']>;

/** Issues my certificate of a course I completed, or answers the one I have (409 COURSE_NOT_COMPLETE while a lesson is left). */
export const issueMyCertificate = (courseId: number) => call(endpoints.issueMyCertificate, { params: { courseId } });

export function useIssueMyCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueMyCertificate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: certificateKeys.mine() }),
  });
}
