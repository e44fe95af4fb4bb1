import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { normaliseCertificateCode } from '../../../shared/certificate-code';
import { call } from '../../lib/api-client';
import { certificateKeys } from './certificate-keys';

/** What a certificate certifies and whether it stands: public, for the verification page. */
export const getCertificateVerification = (code: string, { signal }: { signal?: AbortSignal } = {}) =>
  call(endpoints.verifyCertificate, { params: { code }, signal });

export const getCertificateVerificationQueryOptions = (code: string) => {
  const normalised = normaliseCertificateCode(code);
  return queryOptions({
    queryKey: certificateKeys.verification(normalised),
    queryFn: ({ signal }) => getCertificateVerification(normalised, { signal }),
  });
};

export const useCertificateVerification = (code: string) => useQuery(getCertificateVerificationQueryOptions(code));
