import { z } from 'zod';
import { mediaConfigSchema } from './media-helpers';

/** What any visitor's browser may know about this installation (never a secret). */
export const publicConfigSchema = z.object({
  appName: z.string(),
  /** The tutor's address for the contact page's direct e-mail alternative. */
  contactEmail: z.string(),
  /** Outside production the login page offers the development quick login. */
  devTools: z.boolean(),
  /** Which media and web helpers are set up: their buttons are hidden otherwise. */
  media: mediaConfigSchema,
  /** The school's time zone (an IANA name), read from the database: every date of the calendar is shown in it. */
  timeZone: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
