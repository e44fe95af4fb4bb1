import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '../../../../shared/schemas/contact';
import { api } from '../../../lib/api-client';

export const sendMessage = (input: ContactMessageInput) => api.post<{ id: number }>('/api/contact', input);

/** The admin's mailbox is another feature's cache; it refetches when opened (its data is stale by then). */
export const useSendMessage = () => useMutation({ mutationFn: sendMessage });
