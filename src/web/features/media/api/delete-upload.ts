import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { myUploadsQueryKey } from './get-my-uploads';

export const deleteUpload = (videoId: string) => call(endpoints.deleteUpload, { params: { videoId } });

export function useDeleteUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUpload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myUploadsQueryKey }),
  });
}
