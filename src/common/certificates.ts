import { z } from 'zod';

export const CertificateMessages = {
  notFound: 'Certificate not found',
  revoked: 'This certificate has been revoked.',
  reasonRequired: 'Please give the reason for revoking the certificate.',
} as const;

/** Longest revocation reason: one or two sentences, shown publicly on the verification page. */
export const REVOCATION_REASON_MAX = 300;

/** GET /api/courses/:courseId/certificate (the signed-in student's own). */
export const certificateResponseSchema = z.object({
  id: z.string(),
  studentName: z.string(),
  courseTitle: z.string(),
  issuedAt: z.string(),
  verifyUrl: z.string(),
});
export type CertificateResponse = z.infer<typeof certificateResponseSchema>;

/**
 * A certificate stays valid after unenrollment or a rejected account (it records an achievement);
 * only the admin revokes one, with a reason (docs/decisions/016).
 */
export const certificateStatusSchema = z.enum(['valid', 'revoked']);
export type CertificateStatus = z.infer<typeof certificateStatusSchema>;

/** GET /api/certificates/:id (public): what the certificate itself shows, and whether it still stands. */
export const certificateVerifyResponseSchema = z.strictObject({
  /** true while the status is 'valid'. */
  valid: z.boolean(),
  status: certificateStatusSchema,
  studentName: z.string(),
  courseTitle: z.string(),
  issuedAt: z.string(),
  /** When and why it was revoked; null while valid. */
  revokedAt: z.string().nullable(),
  revocationReason: z.string().nullable(),
});
export type CertificateVerifyResponse = z.infer<typeof certificateVerifyResponseSchema>;

/** PATCH /api/admin/certificates/:id: a reason revokes the certificate, null reinstates it. */
export const certificateRevocationBodySchema = z.strictObject({
  revocationReason: z.string().trim().min(1, CertificateMessages.reasonRequired).max(REVOCATION_REASON_MAX).nullable(),
});
export type CertificateRevocationBody = z.infer<typeof certificateRevocationBodySchema>;
