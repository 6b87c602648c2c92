import { z } from 'zod';
import { CODE_LENGTH, EMAIL_MAX, NAME_MAX } from './limits';

export const roleSchema = z.enum(['admin', 'student']);
export type Role = z.infer<typeof roleSchema>;
export const approvalStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;
export const viewModeSchema = z.enum(['admin', 'student']);
export type ViewMode = z.infer<typeof viewModeSchema>;

export const emailSchema = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter your email address.')
  .max(EMAIL_MAX, 'That email address is too long.')
  .pipe(z.email({ error: 'Please enter a valid email address.' }));

const nameSchema = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters.`)
    // Line breaks, control and text-direction characters could disguise a name in lists and mails.
    .refine((v) => !/[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u.test(v), `${label} contains characters that are not allowed.`);

export const codePurposeSchema = z.enum(['login', 'register']);
export type CodePurpose = z.infer<typeof codePurposeSchema>;

export const registrationDetailsSchema = z.object({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  email: emailSchema,
});
export type RegistrationDetails = z.infer<typeof registrationDetailsSchema>;

export const sendCodeBodySchema = z.strictObject({
  email: emailSchema,
  purpose: codePurposeSchema.default('login'),
});
export type SendCodeBody = z.input<typeof sendCodeBodySchema>;

export const codeSchema = z
  .string({ error: 'Please enter the verification code.' })
  .trim()
  .min(1, 'Please enter the verification code.')
  .max(CODE_LENGTH, `The code has ${CODE_LENGTH} digits.`);

export const verifyLoginBodySchema = z.strictObject({ email: emailSchema, code: codeSchema });
export type VerifyLoginBody = z.input<typeof verifyLoginBodySchema>;

export const registerBodySchema = registrationDetailsSchema.extend({ code: codeSchema }).strict();
export type RegisterBody = z.input<typeof registerBodySchema>;

export const devLoginBodySchema = z.strictObject({ email: emailSchema });

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  role: roleSchema,
  approvalStatus: approvalStatusSchema,
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const meResponseSchema = z.object({ user: sessionUserSchema, viewMode: viewModeSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const viewModeBodySchema = z.strictObject({ viewMode: viewModeSchema });

export const registeredResponseSchema = z.object({ user: sessionUserSchema });

export const testUserSchema = z.object({
  email: z.string(),
  fullName: z.string(),
  approvalStatus: approvalStatusSchema,
});
export const devToolsResponseSchema = z.object({ testUsers: z.array(testUserSchema) });
export type TestUser = z.infer<typeof testUserSchema>;
