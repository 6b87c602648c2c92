import { z } from 'zod';
import { registrationDetailsSchema } from './auth';
import { NAME_MAX } from './limits';

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
  // A row of the list that is left out, and why (invitation-list.ts).
  noAddress: (line: string) =>
    `No e-mail address on this line: "${line.trim().length > 60 ? `${line.trim().slice(0, 60)}…` : line.trim()}".`,
  notAnAddress: (value: string) => `Not a valid e-mail address: "${value}".`,
  severalOnALine: 'Several addresses and a name on one line: put each person on a line of their own.',
  nameTooLong: `A name is longer than ${NAME_MAX} characters: shorten it.`,
  nameUnsafe: 'A name contains characters that are not allowed (such as control or text-direction characters).',
  listedTwice: (firstRow: number) => `Listed twice (first on row ${firstRow}); invited once.`,
  // What happened to an address that was invited or registered before.
  alreadyInvited: 'The link sent earlier still works, so it was not sent again.',
  alreadyInvitedCoursesAdded: (n: number) =>
    `The link sent earlier still works, and now enrolls in ${n} more course${n === 1 ? '' : 's'} too; it was not sent again.`,
  resentOnRequest: 'Sent again with a new link; the earlier link no longer works.',
  resentExpired: 'The earlier invitation had expired: sent again with a new link.',
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
  /** Send again to the addresses with an invitation still open (their earlier links stop working); by default they are left alone. */
  resendInvited: z.boolean().optional(),
});
export type InviteBody = z.infer<typeof inviteBodySchema>;

/** What happened to one row of the list. */
export const inviteOutcomeSchema = z.object({
  /** The row's number in the list, from 1 (a header row is not counted). */
  row: z.number().int(),
  email: z.string(),
  /**
   * invited: a new invitation went out; resent: an open one was sent again with a new link;
   * already_invited: an invitation is open and was left alone; enrolled: a registered student was
   * approved or enrolled; already_student: a student already in every chosen course; failed: left out.
   */
  outcome: z.enum(['invited', 'resent', 'already_invited', 'enrolled', 'already_student', 'failed']),
  message: z.string(),
  /** The open invitation of an already_invited row, for 'Send Again'. */
  invitationId: z.string().optional(),
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
