import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { adminKeys } from '../../admin';

export const getMessages = (page: number, { signal }: { signal?: AbortSignal } = {}) =>
  call(endpoints.getMessages, { query: { page }, signal });

export const getMessagesQueryOptions = (page: number) =>
  queryOptions({ queryKey: adminKeys.messageList(page), queryFn: ({ signal }) => getMessages(page, { signal }), placeholderData: keepPreviousData, staleTime: 0 });

export const useMessages = (page: number) => useQuery(getMessagesQueryOptions(page));
