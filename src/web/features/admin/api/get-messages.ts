import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '../../../../shared/schemas/admin';
import type { ContactMessage } from '../../../../shared/schemas/contact';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const getMessages = (page: number, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<Page<ContactMessage>>('/api/admin/messages', { query: { page }, signal });

export const getMessagesQueryOptions = (page: number) =>
  queryOptions({ queryKey: adminKeys.messageList(page), queryFn: ({ signal }) => getMessages(page, { signal }), placeholderData: keepPreviousData, staleTime: 0 });

export const useMessages = (page: number) => useQuery(getMessagesQueryOptions(page));
