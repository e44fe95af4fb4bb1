import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '../../../../shared/schemas/contact';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';

export const sendMessage = (input: ContactMessageInput) => call(endpoints.sendMessage, { body: input });

/** The admin's mailbox is another feature's cache; it refetches when opened (its data is stale by then). */
export const useSendMessage = () => useMutation({ mutationFn: sendMessage });
