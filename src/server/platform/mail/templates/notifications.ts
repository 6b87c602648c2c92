import { NotificationMessages as N } from '../../../../common/notifications-texts';
import { escapeHtml, layout, type Template } from './layout';

/** The texts of the class notifications; each has a plain-text and an HTML body saying the same. */

export type MailContext = { appName: string; appUrl: string };

const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
const list = (items: string[]) => items.map((i) => `• ${i}`).join('\n');
const htmlList = (items: string[]) => `<ul style="margin:0;padding-left:20px">${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

export function enrollmentMail(ctx: MailContext, firstName: string, course: { title: string; url: string }): Template {
  return {
    subject: `You are enrolled in ${course.title}`,
    text: `Hello ${firstName},\n\nYou are now enrolled in "${course.title}" on ${ctx.appName}. Start here: ${course.url}`,
    html: layout(ctx.appName, [
      `Hello ${escapeHtml(firstName)},`,
      `You are now enrolled in <strong>${escapeHtml(course.title)}</strong>.`,
      link(course.url, 'Open the course'),
    ]),
  };
}

export function invitationMail(ctx: MailContext, invite: { firstName: string; courses: string[]; url: string; expiresAt: Date }): Template {
  const greeting = invite.firstName ? `Hello ${invite.firstName},` : 'Hello,';
  const until = invite.expiresAt.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const courses = invite.courses.length ? `You will be enrolled in: ${invite.courses.join(', ')}.` : '';
  const lines = [
    `Your tutor invites you to join ${ctx.appName}.`,
    courses,
    `Follow this link to create your account (it works once, until ${until}): ${invite.url}`,
  ].filter(Boolean);
  return {
    subject: `You are invited to ${ctx.appName}`,
    text: [greeting, ...lines].join('\n\n'),
    html: layout(ctx.appName, [
      escapeHtml(greeting),
      escapeHtml(lines[0]!),
      ...(courses ? [escapeHtml(courses)] : []),
      `${link(invite.url, 'Accept the invitation')} (the link works once, until ${escapeHtml(until)}).`,
    ]),
  };
}

export function reminderMail(
  ctx: MailContext,
  firstName: string,
  tutorText: string,
  courses: { title: string; percent: number; url: string }[],
  unsubscribeUrl: string,
): Template {
  const items = courses.map((c) => `${c.title}: ${c.percent}% done, ${c.url}`);
  return {
    subject: `Your courses on ${ctx.appName} are waiting`,
    text: `Hello ${firstName},\n\n${tutorText}\n\n${list(items)}\n\nTo stop these reminders: ${unsubscribeUrl}`,
    html: layout(ctx.appName, [
      `Hello ${escapeHtml(firstName)},`,
      escapeHtml(tutorText).replace(/\n/g, '<br>'),
      htmlList(courses.map((c) => `${link(c.url, c.title)}: ${c.percent}% done`)),
      `<small>${link(unsubscribeUrl, 'Stop these reminders')}</small>`,
    ]),
  };
}

export function registrationDigestMail(ctx: MailContext, students: { name: string; email: string }[]): Template {
  const url = `${ctx.appUrl}/admin/students?tab=pending`;
  const n = students.length;
  const heading = n === 1 ? '1 new student registered and waits for approval:' : `${n} new students registered and wait for approval:`;
  const names = students.map((s) => `${s.name} <${s.email}>`);
  return {
    subject: n === 1 ? `New registration on ${ctx.appName}` : `${n} new registrations on ${ctx.appName}`,
    text: `${heading}\n\n${list(names)}\n\nApprove or reject them: ${url}`,
    html: layout(ctx.appName, [escapeHtml(heading), htmlList(names.map(escapeHtml)), link(url, 'Approve or reject them')]),
  };
}

/** The tutor's 'Send Test E-mail': says it arrived, and from where. */
export function testMail(ctx: MailContext): Template {
  const line = `This is a test e-mail from ${ctx.appName}. It reached you, so the students' e-mails reach their mailboxes the same way.`;
  return {
    subject: `Test e-mail from ${ctx.appName}`,
    text: `Hello,\n\n${line}\n\nNotification settings: ${ctx.appUrl}/admin/notifications`,
    html: layout(ctx.appName, ['Hello,', escapeHtml(line), link(`${ctx.appUrl}/admin/notifications`, 'Notification settings')]),
  };
}

export type WeeklySummary = {
  newStudents: string[];
  completions: { name: string; course: string }[];
  /** Inactive (days since their last activity, null: never active), and the student's overdue items (0: none). */
  atRisk: { name: string; inactive: boolean; days: number | null; overdue: number }[];
  /** Per published course with due dates: items due in the coming week, handed in late this week, overdue now. */
  dues: { course: string; dueNextWeek: number; lateThisWeek: number; overdue: number }[];
};

export function weeklySummaryMail(ctx: MailContext, s: WeeklySummary): Template {
  const url = `${ctx.appUrl}/admin/analytics`;
  const section = (title: string, items: string[]) => ({ title: `${title} (${items.length})`, items: items.length ? items : ['None'] });
  const sections = [
    section('New students', s.newStudents),
    section(
      'Course completions',
      s.completions.map((c) => `${c.name}: ${c.course}`),
    ),
    section(
      N.weeklyAtRiskTitle,
      s.atRisk.map(
        (a) =>
          `${a.name}: ${[...(a.inactive ? [N.weeklyInactiveFor(a.days)] : []), ...(a.overdue > 0 ? [N.weeklyOverdue(a.overdue)] : [])].join('; ')}`,
      ),
    ),
    section(
      N.weeklyDueTitle,
      s.dues.map((d) => N.weeklyDueLine(d.course, d.dueNextWeek, d.lateThisWeek, d.overdue)),
    ),
  ];
  return {
    subject: `Your week on ${ctx.appName}`,
    text: `${sections.map((x) => `${x.title}\n${list(x.items)}`).join('\n\n')}\n\nAnalytics: ${url}`,
    html: layout(ctx.appName, [
      ...sections.map((x) => `<strong>${escapeHtml(x.title)}</strong>${htmlList(x.items.map(escapeHtml))}`),
      link(url, 'Open analytics'),
    ]),
  };
}

/** An in-app notification told by e-mail too: what happened, an excerpt, and the link to it. */
export function userNoticeMail(
  ctx: MailContext,
  n: { firstName: string; title: string; body: string; url: string; unsubscribeUrl?: string },
): Template {
  const greeting = n.firstName ? `Hello ${n.firstName},` : 'Hello,';
  const quoted = n.body ? `\n\n> ${n.body.replace(/\n/g, '\n> ')}` : '';
  const optOut = n.unsubscribeUrl ? `\n\nTo stop these e-mails: ${n.unsubscribeUrl}` : '';
  return {
    subject: n.title,
    text: `${greeting}\n\n${n.title}.${quoted}\n\nOpen it here: ${n.url}${optOut}`,
    html: layout(ctx.appName, [
      escapeHtml(greeting),
      `${escapeHtml(n.title)}.`,
      ...(n.body
        ? [
            `<blockquote style="margin:0;padding-left:12px;border-left:3px solid #ccc">${escapeHtml(n.body).replace(/\n/g, '<br>')}</blockquote>`,
          ]
        : []),
      link(n.url, 'Open it'),
      ...(n.unsubscribeUrl ? [`<small>${link(n.unsubscribeUrl, 'Stop these e-mails')}</small>`] : []),
    ]),
  };
}
