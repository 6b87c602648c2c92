import { z } from 'zod';

export const CertificateMessages = {
  notFound: 'Certificate not found',
} as const;

/** GET /api/courses/:courseId/certificate (the signed-in student's own). */
export const certificateResponseSchema = z.object({
  id: z.string(),
  studentName: z.string(),
  courseTitle: z.string(),
  issuedAt: z.string(),
  verifyUrl: z.string(),
});
export type CertificateResponse = z.infer<typeof certificateResponseSchema>;

/** GET /api/certificates/:id (public): only what the certificate itself shows. */
export const certificateVerifyResponseSchema = z.strictObject({
  valid: z.literal(true),
  studentName: z.string(),
  courseTitle: z.string(),
  issuedAt: z.string(),
});
export type CertificateVerifyResponse = z.infer<typeof certificateVerifyResponseSchema>;
