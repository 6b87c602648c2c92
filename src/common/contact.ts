import { z } from 'zod';
import { emailSchema } from './auth';
import { CONTACT_MESSAGE_MAX } from './limits';

export const contactBodySchema = z.strictObject({
  email: emailSchema,
  message: z
    .string({ error: 'Please fill in both your email and message.' })
    .trim()
    .min(1, 'Please fill in both your email and message.')
    .max(CONTACT_MESSAGE_MAX, `The message must be at most ${CONTACT_MESSAGE_MAX} characters.`),
});
export type ContactBody = z.input<typeof contactBodySchema>;
