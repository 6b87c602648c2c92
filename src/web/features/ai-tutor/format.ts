/** The lesson badge shows the first 20 characters of the lesson title. */
export const LESSON_BADGE_CHARS = 20;
/** The copy confirmation lasts 2 seconds. */
export const COPY_CONFIRMATION_MS = 2000;

/** The first 20 characters (whole characters: an emoji is never cut in half). */
export const lessonBadgeText = (title: string) => Array.from(title).slice(0, LESSON_BADGE_CHARS).join('');

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayTimeFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A message's time: '14:05' today, 'Mar 3, 14:05' on another day (a conversation found again later). */
export function messageTime(iso: string, now: Date = new Date()) {
  const date = new Date(iso);
  return date.toDateString() === now.toDateString() ? timeFormat.format(date) : dayTimeFormat.format(date);
}

/** Today's budget in this course: the tutor may give a course, or one student in it, a limit of its own. */
export const questionsLeft = (remaining: number, limit: number) =>
  `${remaining} of ${limit} ${limit === 1 ? 'question' : 'questions'} left today in this course`;
