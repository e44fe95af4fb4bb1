import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import type { CertificateRulesInput } from '../../../../shared/schemas/certificates';
import { call } from '../../../lib/api-client';
import { certificateRulesQueryKey } from './get-certificate-rules';

export const setCertificateRules = ({ id, rules }: { id: number; rules: CertificateRulesInput }) => call(endpoints.setCertificateRules, { params: { id }, body: rules });

export function useSetCertificateRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCertificateRules,
    onSuccess: (rules) => queryClient.setQueryData(certificateRulesQueryKey(rules.courseId), rules),
  });
}
