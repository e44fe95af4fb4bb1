import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { myUploadsQueryKey } from './get-my-uploads';

export const deleteUpload = (videoId: string) => api.delete<{ ok: true }>(`/api/videos/uploads/${encodeURIComponent(videoId)}`);

export function useDeleteUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUpload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myUploadsQueryKey }),
  });
}
