import { z } from 'zod';

/** What any visitor's browser may know about this installation (never a secret). */
export const publicConfigSchema = z.object({
  appName: z.string(),
  /** The tutor's address for the contact page's direct e-mail alternative. */
  contactEmail: z.string(),
  /** Outside production the login page offers the development quick login. */
  devTools: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
