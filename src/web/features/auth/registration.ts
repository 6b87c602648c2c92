/** Registration steps and the client-side checks of the form (the server validates again). */
export type RegisterStep = 'details' | 'email' | 'otp' | 'success';
export const REGISTER_STEPS: RegisterStep[] = ['details', 'email', 'otp', 'success'];

export type Details = { firstName: string; lastName: string; email: string };

export type DetailsCheck = { ok: true; details: Details } | { ok: false; title: string; message: string };

export function checkDetails(input: Details): DetailsCheck {
  const details = { firstName: input.firstName.trim(), lastName: input.lastName.trim(), email: input.email.trim() };
  if (!details.firstName || !details.lastName || !details.email) {
    return { ok: false, title: 'All Fields Required', message: 'Please fill in all the required information.' };
  }
  if (!details.email.includes('@')) return { ok: false, title: 'Invalid Email', message: 'Please enter a valid email address.' };
  return { ok: true, details };
}
