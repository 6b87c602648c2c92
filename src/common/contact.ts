import { z } from 'zod';
import { emailSchema } from './auth';
import { CONTACT_MESSAGE_MAX } from './limits';

const missing = 'Please fill in both your email and message.';

export const contactBodySchema = z.strictObject({
  email: z.string({ error: missing }).trim().min(1, missing).pipe(emailSchema),
  message: z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(CONTACT_MESSAGE_MAX, `The message must be at most ${CONTACT_MESSAGE_MAX} characters.`),
});
export type ContactBody = z.input<typeof contactBodySchema>;
