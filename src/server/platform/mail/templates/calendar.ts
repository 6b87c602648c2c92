import { CalendarMessages } from '../../../../common/calendar';
import { escapeHtml, layout, type Template } from './layout';
import type { MailContext } from './notifications';

/** The mails of a course's calendar; each has a plain-text and an HTML body saying the same. */

export type DueReminderItem = {
  /** The exercise's title, or the quiz's name (CalendarMessages.quizItem). */
  title: string;
  courseTitle: string;
  /** The due date as the school's clock shows it (formatInZone). */
  due: string;
  /** The lesson of the item. */
  url: string;
};

/** A day before a due date: what is due and not passed yet, with a link to each, and the student's one-click opt-out. */
export function dueReminderMail(ctx: MailContext, firstName: string, items: DueReminderItem[], unsubscribeUrl: string): Template {
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  const heading =
    items.length === 1
      ? 'This is due within a day and you have not passed it yet:'
      : `These ${items.length} are due within a day and you have not passed them yet:`;
  const line = (i: DueReminderItem) => `${i.title} (${i.courseTitle}): ${CalendarMessages.dueOn(i.due)}`;
  return {
    subject: items.length === 1 ? `Due soon: ${items[0]!.title}` : `Due soon: ${items.length} items on ${ctx.appName}`,
    text: `${greeting}\n\n${heading}\n\n${items.map((i) => `• ${line(i)}, ${i.url}`).join('\n')}\n\nTo stop reminders of due dates: ${unsubscribeUrl}`,
    html: layout(ctx.appName, [
      escapeHtml(greeting),
      escapeHtml(heading),
      `<ul style="margin:0;padding-left:20px">${items
        .map(
          (i) =>
            `<li><a href="${escapeHtml(i.url)}">${escapeHtml(i.title)}</a> (${escapeHtml(i.courseTitle)}): ${escapeHtml(CalendarMessages.dueOn(i.due))}</li>`,
        )
        .join('')}</ul>`,
      `<small><a href="${escapeHtml(unsubscribeUrl)}">Stop reminders of due dates</a></small>`,
    ]),
  };
}
