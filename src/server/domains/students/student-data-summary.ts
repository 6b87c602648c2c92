import { escapeHtml } from '../../platform/mail/templates/layout';

/**
 * The readable half of a data export: one HTML page, beside the JSON in the same download, that a
 * person opens in any browser. It says what the JSON holds, section by section, with the rows a
 * person looks for (courses, lessons, attempts, submissions, messages) as tables; the full texts
 * (code, messages, events) stay in the JSON, which this page names.
 */

type Row = Record<string, unknown>;
export type StudentDataExport = {
  format: string;
  exportedAt: string;
  profile: { email: string; firstName: string; lastName: string; approvalStatus: string; registeredAt: string; lastLoginAt: string | null };
} & Record<string, unknown>;

/** The export's one time format (ISO 8601, UTC), shown to a person: "2026-11-25 10:00 UTC". */
export function readableTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const d = new Date(String(value));
  if (Number.isNaN(d.getTime())) return escapeHtml(String(value));
  const iso = d.toISOString();
  return `<time datetime="${iso}">${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC</time>`;
}

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : escapeHtml(String(value)));
const yesNo = (value: unknown) => (value ? 'yes' : 'no');
const list = (data: Record<string, unknown>, key: string): Row[] => (Array.isArray(data[key]) ? (data[key] as Row[]) : []);

type Column = [heading: string, cell: (row: Row) => string];

function section(title: string, key: string, rows: Row[], columns: Column[], note = ''): string {
  const count = `${rows.length} ${rows.length === 1 ? 'entry' : 'entries'}`;
  const head = `<h2>${escapeHtml(title)}</h2><p class="meta">${count} · in the JSON file under <code>${escapeHtml(key)}</code>${note ? `. ${escapeHtml(note)}` : ''}</p>`;
  if (rows.length === 0) return head;
  const th = columns.map(([h]) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${columns.map(([, cell]) => `<td>${cell(r)}</td>`).join('')}</tr>`).join('');
  // A table wider than a phone scrolls sideways: the region takes keyboard focus to do so.
  return `${head}<div class="scroll" role="region" tabindex="0" aria-label="${escapeHtml(title)}"><table><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table></div>`;
}

export function studentDataSummaryHtml(data: StudentDataExport, jsonName: string): string {
  const p = data.profile;
  const name = `${p.firstName} ${p.lastName}`.trim();
  const count = (key: string) => list(data, key).length;
  const conversations = list(data, 'tutorConversations');
  const sections = [
    section('Courses', 'enrolments', list(data, 'enrolments'), [
      ['Course', (r) => text(r.courseTitle)],
      ['Enrolled', (r) => readableTime(r.enrolledAt)],
      ['Status', (r) => text(r.status)],
    ]),
    section('Lessons', 'lessonProgress', list(data, 'lessonProgress'), [
      ['Course', (r) => text(r.courseTitle)],
      ['Lesson', (r) => text(r.lessonTitle)],
      ['Status', (r) => text(String(r.status ?? '').replace('_', ' '))],
      ['Started', (r) => readableTime(r.startedAt)],
      ['Completed', (r) => readableTime(r.completedAt)],
    ]),
    section('Quiz attempts', 'quizAttempts', list(data, 'quizAttempts'), [
      ['Lesson', (r) => text(r.lessonTitle)],
      ['Attempt', (r) => text(r.number)],
      ['Right', (r) => `${text(r.correctCount)} of ${text(r.questionCount)}`],
      ['Score', (r) => `${text(r.score)}%`],
      ['Passed', (r) => yesNo(r.passed)],
      ['When', (r) => readableTime(r.createdAt)],
    ]),
    section(
      'Code sent for grading',
      'exerciseSubmissions',
      list(data, 'exerciseSubmissions'),
      [
        ['Exercise', (r) => text(r.exerciseTitle)],
        ['Kind', (r) => text(r.purpose)],
        ['Result', (r) => text(r.verdict ?? r.status)],
        [
          'Tests passed',
          (r) => (r.totalCount === null || r.totalCount === undefined ? '—' : `${text(r.passedCount)} of ${text(r.totalCount)}`),
        ],
        ['When', (r) => readableTime(r.createdAt)],
      ],
      'The code itself is in the JSON file',
    ),
    section('Extended deadlines', 'deadlineExtensions', list(data, 'deadlineExtensions'), [
      ['Course', (r) => text(r.courseTitle)],
      ['For', (r) => text(r.itemTitle)],
      ['Due', (r) => readableTime(r.dueAt)],
      ['Reason', (r) => text(r.reason)],
      ['Granted', (r) => readableTime(r.grantedAt)],
    ]),
    section('Scores set by the tutor', 'gradeOverrides', list(data, 'gradeOverrides'), [
      ['Course', (r) => text(r.courseTitle)],
      ['For', (r) => text(r.itemTitle)],
      ['Score', (r) => `${text(r.score)}%`],
      ['Reason', (r) => text(r.reason)],
      ['Set', (r) => readableTime(r.overriddenAt)],
    ]),
    section('Code being written (drafts)', 'exerciseDrafts', list(data, 'exerciseDrafts'), [
      ['Exercise', (r) => text(r.exerciseTitle)],
      ['Last saved', (r) => readableTime(r.updatedAt)],
    ]),
    section('Feedback from the tutor on code', 'submissionReviews', list(data, 'submissionReviews'), [
      ['Exercise', (r) => text(r.exerciseTitle)],
      ['Overall comment', (r) => text(r.overallComment)],
      ['Line comments', (r) => text(Array.isArray(r.comments) ? r.comments.length : 0)],
      ['Sent', (r) => readableTime(r.sentAt)],
    ]),
    section('Questions to the tutor', 'questionThreads', list(data, 'questionThreads'), [
      ['Lesson', (r) => text(r.lessonTitle)],
      ['Asked', (r) => readableTime(r.createdAt)],
      ['Messages', (r) => text(Array.isArray(r.messages) ? r.messages.length : 0)],
      ['Resolved', (r) => readableTime(r.resolvedAt)],
    ]),
    section(
      'Conversations with the AI tutor',
      'tutorConversations',
      conversations,
      [
        ['Course', (r) => text(r.courseTitle)],
        ['Lesson', (r) => text(r.lessonTitle)],
        ['Started', (r) => readableTime(r.createdAt)],
        ['Messages', (r) => text(Array.isArray(r.messages) ? r.messages.length : 0)],
      ],
      'Every message is in the JSON file',
    ),
    section('Certificates', 'certificates', list(data, 'certificates'), [
      ['Course', (r) => text(r.courseTitle)],
      ['Issued', (r) => readableTime(r.issuedAt)],
      ['Revoked', (r) => readableTime(r.revokedAt)],
    ]),
    section('Notifications', 'notifications', list(data, 'notifications'), [
      ['Title', (r) => text(r.title)],
      ['When', (r) => readableTime(r.createdAt)],
      ['Read', (r) => readableTime(r.readAt)],
    ]),
    section('E-mails', 'mail', list(data, 'mail'), [
      ['Kind', (r) => text(r.kind)],
      ['Subject', (r) => text(r.subject)],
      ['Queued', (r) => readableTime(r.createdAt)],
      ['Sent', (r) => readableTime(r.sentAt)],
    ]),
    section('Sign-ins', 'signIns', list(data, 'signIns'), [
      ['Signed in', (r) => readableTime(r.createdAt)],
      ['Last seen', (r) => readableTime(r.lastSeenAt)],
      ['Browser', (r) => text(r.userAgent)],
    ]),
  ].join('\n');
  const alsoIn = [
    `${count('learningEvents') + count('learningEventsArchived')} learning events (lesson openings, time on lessons, videos started, PDFs viewed), under <code>learningEvents</code> and <code>learningEventsArchived</code>`,
    `${count('videoProgress')} video positions, under <code>videoProgress</code>`,
    `${count('quizAttemptGrants')} extra quiz attempts granted, under <code>quizAttemptGrants</code>`,
    `${count('aiTutorAllowances')} daily AI tutor limits, under <code>aiTutorAllowances</code>`,
    `${count('mediaUsage')} days of media helper use, under <code>mediaUsage</code>`,
    `${count('invitations')} invitations to this address, under <code>invitations</code>`,
    `reminder e-mail settings, under <code>reminders</code>`,
    `${count('dueReminders')} reminders of due dates sent, under <code>dueReminders</code>`,
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Data of ${escapeHtml(name)}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; background: #fff; color: #0f172a; }
  body { max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
  @media (prefers-color-scheme: dark) { :root { background: #0f172a; color: #e2e8f0; } }
  .scroll:focus-visible { outline: 2px solid #6366f1; outline-offset: 2px; }
  h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2rem; }
  .meta { color: #475569; margin: 0 0 .5rem; font-size: .9rem; }
  @media (prefers-color-scheme: dark) { .meta { color: #cbd5e1; } }
  .scroll { overflow-x: auto; }
  table { border-collapse: collapse; width: 100%; font-size: .9rem; }
  th, td { text-align: left; padding: .35rem .6rem; border-bottom: 1px solid color-mix(in srgb, currentColor 20%, transparent); vertical-align: top; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; } dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
</style>
</head>
<body>
<h1>Data of ${escapeHtml(name)}</h1>
<p>Everything the platform stores about ${escapeHtml(name)}, exported ${readableTime(data.exportedAt)}. This page is the readable summary;
the complete data, every text and code included, is in <code>${escapeHtml(jsonName)}</code> beside it (format <code>${escapeHtml(data.format)}</code>).
All times are UTC; in the JSON file they are written in ISO 8601, such as <code>2026-11-25T10:00:00.000Z</code>.</p>
<h2>Profile</h2>
<dl>
<dt>Name</dt><dd>${text(name)}</dd>
<dt>E-mail</dt><dd>${text(p.email)}</dd>
<dt>Status</dt><dd>${text(p.approvalStatus)}</dd>
<dt>Registered</dt><dd>${readableTime(p.registeredAt)}</dd>
<dt>Last sign-in</dt><dd>${readableTime(p.lastLoginAt)}</dd>
</dl>
${sections}
<h2>Also in the JSON file</h2>
<ul>${alsoIn.map((line) => `<li>${line}</li>`).join('')}</ul>
</body>
</html>
`;
}
