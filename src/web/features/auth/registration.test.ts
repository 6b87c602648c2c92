import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/lib/api';
import { checkDetails, codeFieldMessage, emailFieldMessage, FieldMessages, firstInvalid } from './registration';

describe('checkDetails', () => {
  it('requires all three fields, after trimming, and marks each one left empty', () => {
    const empty = checkDetails({ firstName: ' ', lastName: '', email: '' });
    expect(empty).toEqual({
      ok: false,
      title: 'All Fields Required',
      message: 'Please fill in all the required information.',
      errors: { firstName: FieldMessages.firstName, lastName: FieldMessages.lastName, email: FieldMessages.email },
    });
    expect(checkDetails({ firstName: 'A', lastName: ' ', email: 'a@b.c' })).toMatchObject({
      ok: false,
      errors: { lastName: FieldMessages.lastName },
    });
  });
  it('requires an @ in the e-mail, said under the e-mail field', () => {
    expect(checkDetails({ firstName: 'A', lastName: 'B', email: 'ab.c' })).toEqual({
      ok: false,
      title: 'Invalid Email',
      message: 'Please enter a valid email address.',
      errors: { email: 'Please enter a valid email address.' },
    });
  });
  it('returns the trimmed details', () => {
    expect(checkDetails({ firstName: ' Ada ', lastName: 'Lovelace ', email: ' ada@example.com' })).toEqual({
      ok: true,
      details: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    });
  });
  it('names the first field in error, in screen order', () => {
    expect(firstInvalid({ email: 'x', lastName: 'y' })).toBe('lastName');
    expect(firstInvalid({})).toBeUndefined();
  });
});

describe('the words under the fields for a refused call', () => {
  it('puts a wrong, expired or paused code under the code field, and leaves other failures to a toast', () => {
    expect(codeFieldMessage(new ApiError(400, 'INVALID_CODE', 'Invalid verification code. Please try again.'))).toBe(
      'Invalid verification code. Please try again.',
    );
    expect(codeFieldMessage(new ApiError(429, 'RATE_LIMITED', 'Sign-in is paused.'))).toBe('Sign-in is paused.');
    expect(codeFieldMessage(new ApiError(404, 'USER_NOT_FOUND', 'User not found in database.'))).toBeNull();
    expect(codeFieldMessage(new ApiError(409, 'ACCOUNT_EXISTS', 'An account with this email already exists.'))).toBeNull();
    expect(codeFieldMessage(new Error('offline'))).toBeNull();
  });
  it('puts an address the server refuses under the e-mail field', () => {
    expect(emailFieldMessage(new ApiError(400, 'VALIDATION_ERROR', 'That email address is too long.'))).toBe(
      'That email address is too long.',
    );
    expect(emailFieldMessage(new ApiError(502, 'MAIL_FAILED', 'Please check your email address and try again.'))).toBeNull();
  });
});
