import { ErrorCode } from '@common/error-codes';
import { isApiError } from '@web/lib/api';

/**
 * Registration steps, the client-side checks of the form (the server validates again), and the
 * words under the sign-in and registration fields when something is refused. Three
 * steps: the details (Continue sends the code), the code, and the account created. The spec's
 * separate "email" step only repeated the details behind a 'Send Code' button, so Continue does
 * its work and the code step says where the code went.
 */
export type RegisterStep = 'details' | 'otp' | 'success';

export type Details = { firstName: string; lastName: string; email: string };
export type DetailsErrors = Partial<Record<keyof Details, string>>;

export type DetailsCheck = { ok: true; details: Details } | { ok: false; title: string; message: string; errors: DetailsErrors };

/** The words under a field left empty or malformed; the toast keeps the spec's title and message. */
export const FieldMessages = {
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  email: 'Please enter your email address.',
  invalidEmail: 'Please enter a valid email address.',
  code: 'Please enter the verification code.',
} as const;

export function checkDetails(input: Details): DetailsCheck {
  const details = { firstName: input.firstName.trim(), lastName: input.lastName.trim(), email: input.email.trim() };
  const errors: DetailsErrors = {};
  if (!details.firstName) errors.firstName = FieldMessages.firstName;
  if (!details.lastName) errors.lastName = FieldMessages.lastName;
  if (!details.email) errors.email = FieldMessages.email;
  else if (!details.email.includes('@')) errors.email = FieldMessages.invalidEmail;
  if (!details.firstName || !details.lastName || !details.email) {
    return { ok: false, title: 'All Fields Required', message: 'Please fill in all the required information.', errors };
  }
  if (errors.email) return { ok: false, title: 'Invalid Email', message: FieldMessages.invalidEmail, errors };
  return { ok: true, details };
}

/** The field of the form the first error belongs to, in the order they are on screen. */
export const firstInvalid = (errors: DetailsErrors): keyof Details | undefined =>
  (['firstName', 'lastName', 'email'] as const).find((key) => errors[key]);

/**
 * What is said under the code field when a code is refused: the server's words when the code itself
 * was wrong, spent, expired, or code sign-in is paused for the address; null for a failure that is
 * not about the code (no such user, access revoked, an account that exists), which stays a toast.
 */
export function codeFieldMessage(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return error.code === ErrorCode.invalidCode || error.code === ErrorCode.rateLimited ? error.message : null;
}

/** What is said under the e-mail field when the server refuses the address a code was asked for; null for other failures. */
export function emailFieldMessage(error: unknown): string | null {
  return isApiError(error) && error.code === ErrorCode.validation ? error.message || FieldMessages.invalidEmail : null;
}
