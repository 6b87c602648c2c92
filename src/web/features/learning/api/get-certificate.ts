import type { CertificateResponse } from '@common/certificates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { learningKeys } from './learning-keys';

/** The signed-in student's certificate for a course (404 until the course is complete). */
export const getCertificate = (courseId: string, signal?: AbortSignal) =>
  api.get<CertificateResponse>(`/api/courses/${encodeURIComponent(courseId)}/certificate`, { signal });

export const certificatePdfHref = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/certificate.pdf`;

export const useCertificate = (courseId: string, enabled: boolean) =>
  useQuery({
    ...queryOptions({ queryKey: learningKeys.certificate(courseId), queryFn: ({ signal }) => getCertificate(courseId, signal) }),
    enabled,
    staleTime: Infinity,
  });
