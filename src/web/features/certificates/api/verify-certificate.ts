import type { CertificateVerifyResponse } from '@common/certificates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const certificateKeys = {
  all: ['certificates'] as const,
  verify: (id: string) => [...certificateKeys.all, 'verify', id] as const,
};

/** The public check (no session needed): 404 'Certificate not found' for an unknown or malformed id. */
export const verifyCertificate = (id: string, signal?: AbortSignal) =>
  api.get<CertificateVerifyResponse>(`/api/certificates/${encodeURIComponent(id)}`, { signal });

export const verifyCertificateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: certificateKeys.verify(id),
    queryFn: ({ signal }) => verifyCertificate(id, signal),
    // The admin may revoke a certificate: every visit asks again.
    staleTime: 0,
  });

export const useVerifyCertificate = (id: string) => useQuery(verifyCertificateQueryOptions(id));
