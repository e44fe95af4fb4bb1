import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';

export const getCertificateRules = (id: number, { signal }: { signal?: AbortSignal } = {}) => call(endpoints.getCertificateRules, { params: { id }, signal });

/** Under the course's editing keys: a change of the curriculum (a quiz added or removed) reads them again. */
export const certificateRulesQueryKey = (id: number) => ['teaching', 'certificate-rules', id] as const;

export const getCertificateRulesQueryOptions = (id: number) =>
  queryOptions({ queryKey: certificateRulesQueryKey(id), queryFn: ({ signal }) => getCertificateRules(id, { signal }) });

export const useCertificateRules = (id: number) => useQuery(getCertificateRulesQueryOptions(id));
