/**
 * The review's texts and its rule for a code's lines, without zod: the course screen's chunk imports these (see
 * reviews.ts for the contracts).
 */

/** The longest comment, line or overall, in bytes of UTF-8. */
export const REVIEW_COMMENT_MAX_BYTES = 10 * 1024;

export const ReviewMessages = {
  addComment: 'Add Comment',
  sendFeedback: 'Send Feedback',
  savedComments: 'Saved Comments',
  saveToBank: 'Save to Saved Comments',
  overallComment: 'Overall comment',
  yourTutorsFeedback: "Your tutor's feedback",
  showReviewedCode: 'Show Reviewed Code',
  hideReviewedCode: 'Hide Reviewed Code',
  codeMovedOn: 'Your code has changed since the submission your tutor reviewed. Open it to read the comments beside its lines.',
  commentEmpty: 'Write a comment first.',
  commentTooLong: 'A comment must be at most 10 KB.',
  overallTooLong: 'The overall comment must be at most 10 KB.',
  lineInvalid: 'Choose a line of the code: lines are numbered from 1.',
  lineMissing: (line: number, lines: number) =>
    lines === 1
      ? `Line ${line} is not in this submission: it has 1 line.`
      : `Line ${line} is not in this submission: it has ${lines} lines.`,
  submissionNotFound: 'Submission not found.',
  notReviewable:
    "Only a student's graded Run or Submit of an exercise can be reviewed: not a reference check, a preview, or an attempt still being graded.",
  commentNotFound: 'Comment not found.',
  commentAlreadySent: 'This comment was sent to the student already and can no longer be changed.',
  overallAlreadySent: 'The feedback was sent already: change the overall comment in the Send Feedback form and send again.',
  nothingToSend: 'Add a comment on a line or an overall comment before sending.',
  reviewNotFound: 'Feedback not found.',
  savedCommentNotFound: 'Saved comment not found.',
  notificationTitle: (exerciseTitle: string) => `Your tutor commented on your code in ${exerciseTitle}`,
  sameCodeReach: (n: number) =>
    n === 0
      ? 'No other student’s latest submission is the same code.'
      : n === 1
        ? '1 other student’s latest submission is the same code.'
        : `${n} other students’ latest submissions are the same code.`,
  sameCodeSent: (n: number) => (n === 1 ? 'Sent to 1 other student.' : `Sent to ${n} other students.`),
  unseenMark: 'New feedback from your tutor',
} as const;

/** A code's lines: Windows line ends read as one, and a last line end opens no empty line. */
export function codeLines(code: string): string[] {
  if (code === '') return [];
  const lines = code.replace(/\r\n?/g, '\n').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
