import { describe, expect, it } from 'vitest';
import { checkDetails } from './registration';

describe('checkDetails', () => {
  it('requires all three fields, after trimming', () => {
    expect(checkDetails({ firstName: ' ', lastName: 'B', email: 'a@b.c' })).toEqual({
      ok: false,
      title: 'All Fields Required',
      message: 'Please fill in all the required information.',
    });
  });
  it('requires an @ in the e-mail', () => {
    expect(checkDetails({ firstName: 'A', lastName: 'B', email: 'ab.c' })).toMatchObject({ ok: false, title: 'Invalid Email' });
  });
  it('returns the trimmed details', () => {
    expect(checkDetails({ firstName: ' Ada ', lastName: 'Lovelace ', email: ' ada@example.com' })).toEqual({
      ok: true,
      details: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    });
  });
});
