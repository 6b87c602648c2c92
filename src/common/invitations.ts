import { z } from 'zod';
import { registrationDetailsSchema } from './auth';

/** Invitations: the tutor mails a list of addresses a link that registers, approves and enrolls at once. */

export const INVITATION_MAX_ROWS = 1000;
export const INVITATION_DEFAULT_DAYS = 14;
/** The most text a pasted or uploaded list may have (about 1,000 rows of address and names). */
export const INVITATION_MAX_LIST_CHARS = 200_000;

export const InvitationMessages = {
  emptyList: 'Paste or upload at least one e-mail address.',
  tooManyRows: `A list may have at most ${INVITATION_MAX_ROWS.toLocaleString('en-US')} rows. Split it and send the rest separately.`,
  listTooLong: 'The list is too long. Send at most 1,000 addresses at a time.',
  courseNotFound: 'A chosen course was not found or is not published. Refresh the page and choose again.',
  days: 'An invitation lasts from 1 to 60 days.',
  notFound: 'Invitation not found',
  alreadyAccepted: 'This invitation was accepted already.',
  cancelled: 'This invitation was cancelled.',
  // What the person following a link is told; each says what to do next.
  linkInvalid: 'This invitation link is not valid. Check that you opened the whole link from the e-mail, or ask your tutor for a new one.',
  linkUsed: 'This invitation has been used already. If it was you, sign in with your e-mail address.',
  linkExpired: 'This invitation has expired. Ask your tutor to send you a new one.',
  linkCancelled: 'This invitation was withdrawn by your tutor. Ask them if you think this is a mistake.',
} as const;

export const invitationStatuses = ['Invitation sent', 'Accepted', 'Expired', 'Cancelled'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** POST /api/admin/invitations: the list as text (pasted, or the uploaded CSV file's content). */
export const inviteBodySchema = z.strictObject({
  list: z.string({ error: InvitationMessages.emptyList }).max(INVITATION_MAX_LIST_CHARS, InvitationMessages.listTooLong),
  courseIds: z.array(z.uuid({ error: InvitationMessages.courseNotFound })).max(100),
  days: z
    .number({ error: InvitationMessages.days })
    .int(InvitationMessages.days)
    .min(1, InvitationMessages.days)
    .max(60, InvitationMessages.days)
    .optional(),
});
export type InviteBody = z.infer<typeof inviteBodySchema>;

/** What happened to one row of the list. */
export const inviteOutcomeSchema = z.object({
  /** The row's number in the list, from 1 (a header row is not counted). */
  row: z.number().int(),
  email: z.string(),
  outcome: z.enum(['invited', 'resent', 'enrolled', 'failed']),
  message: z.string(),
});
export type InviteOutcome = z.infer<typeof inviteOutcomeSchema>;
export const inviteResponseSchema = z.object({ results: z.array(inviteOutcomeSchema) });
export type InviteResponse = z.infer<typeof inviteResponseSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  courses: z.array(z.object({ id: z.string(), title: z.string() })),
  status: z.enum(invitationStatuses),
  sentAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationsResponseSchema = z.object({ invitations: z.array(invitationSchema) });
export type InvitationsResponse = z.infer<typeof invitationsResponseSchema>;
export const invitationResponseSchema = z.object({ invitation: invitationSchema });

/** GET /api/invitations/:token: what the person following the link sees before accepting. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  courses: z.array(z.string()),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** The names the invited person confirms or corrects; the same rules as a registration's. */
export const acceptInvitationBodySchema = registrationDetailsSchema.pick({ firstName: true, lastName: true }).strict();
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;
