import { eq, sql, type SQL } from 'drizzle-orm';
import { DeleteStudentMessages, type DeleteStudentResponse } from '../../../common/students';
import type { Db } from '../../platform/db/client';
import { files, users, type UserRow } from '../../platform/db/schema/index';
import type { Queryable } from '../../platform/db/transaction';
import { badRequest, notFound } from '../../platform/http/errors';
import { escapeHtml } from '../../platform/mail/templates/layout';
import { isUuid } from '../../platform/http/ids';
import type { FileStorage } from '../../platform/storage/storage';
import { zipArchive } from '../../platform/storage/zip';
import { fullNameOf } from '../auth';
import { studentDataSummaryHtml } from './student-data-summary';

export type StudentDataServiceDeps = {
  db: Db;
  storage: FileStorage;
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void };
};

/** The version of the export's shape, so a reader can tell which fields to expect. */
export const STUDENT_DATA_FORMAT = 'student-data/1';

/**
 * The export's one time format, ISO 8601 in UTC ("2026-11-25T10:00:00.000Z"), for every time
 * column of a row: the driver hands them over as PostgreSQL writes them ("2026-11-25
 * 10:00:00.123+00"). Every time column of the export is named "…At" (or "hour").
 */
const isoTimes = (row: Record<string, unknown>) => {
  for (const [key, value] of Object.entries(row))
    if ((key.endsWith('At') || key === 'hour') && (typeof value === 'string' || value instanceof Date))
      row[key] = new Date(value).toISOString();
  return row;
};
const rows = async (on: Queryable, query: SQL) => (await on.execute(query)).rows.map(isoTimes);

/**
 * A time inside JSON built by PostgreSQL, in the export's one format: ISO 8601 in UTC with
 * milliseconds, as JavaScript writes the times of plain rows ("2026-11-25T10:00:00.000Z"). Left
 * alone, json_build_object would write "2026-11-25T10:00:00.123456+00:00".
 */
const isoUtc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A regular expression matching the address as a whole part of a rate-limit key (`login:<address>`, `<address>|<device>`). */
const keyPattern = (email: string) => `(^|[:|])${escapeRegex(email)}($|[:|])`;

/** The two files of a download: the complete data, and a page a person reads. */
export const EXPORT_JSON_NAME = 'data.json';
export const EXPORT_SUMMARY_NAME = 'summary.html';

/** A name for a file: ASCII letters, digits and dashes only (a Content-Disposition filename takes nothing else safely). */
const fileSlug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export function createStudentDataService({ db, storage, now, log }: StudentDataServiceDeps) {
  /** The export of one user as one ZIP: the JSON and its readable summary, with the download's file name. */
  async function archiveOf(user: UserRow, filenameStem: (day: string) => string) {
    const data = await exportFor(user);
    const at = new Date(data.exportedAt);
    const zip = zipArchive([
      { name: EXPORT_JSON_NAME, content: `${JSON.stringify(data, null, 2)}\n`, modifiedAt: at },
      { name: EXPORT_SUMMARY_NAME, content: studentDataSummaryHtml(data, EXPORT_JSON_NAME), modifiedAt: at },
    ]);
    return { filename: `${filenameStem(data.exportedAt.slice(0, 10))}.zip`, zip };
  }

  /**
   * Everything stored about the user, for them to keep: their profile and sign-ins, enrollments,
   * progress, quiz attempts, code, tutor conversations, certificates and learning events, their
   * extended deadlines and overridden scores. Read in
   * one snapshot. Only what the user already saw or wrote: never a test's hidden input or
   * expected output, a reference solution, or anyone else's rows.
   */
  async function exportFor(user: UserRow) {
    const id = user.id;
    return db.transaction(
      async (tx) => {
        const [
          signIns,
          enrolments,
          lessonProgress,
          videoProgress,
          quizAttempts,
          exerciseDrafts,
          exerciseSubmissions,
          conversations,
          messages,
          certificates,
          learningEvents,
          archivedEvents,
          mediaUsage,
          mail,
          reminders,
          invitations,
        ] = [
          await rows(
            tx,
            sql`select created_at as "createdAt", last_seen_at as "lastSeenAt", expires_at as "expiresAt", user_agent as "userAgent"
                  from sessions where user_id = ${id} order by created_at`,
          ),
          await rows(
            tx,
            sql`select e.course_id as "courseId", c.title as "courseTitle", e.enrollment_status as "status", e.enrolled_at as "enrolledAt"
                  from enrollments e join courses c on c.id = e.course_id where e.student_id = ${id} order by e.enrolled_at`,
          ),
          await rows(
            tx,
            sql`select p.lesson_id as "lessonId", l.title as "lessonTitle", c.title as "courseTitle", p.status,
                    p.created_at as "startedAt", p.completed_at as "completedAt", p.updated_at as "updatedAt"
                  from lesson_progress p join lessons l on l.id = p.lesson_id join chapters ch on ch.id = l.chapter_id join courses c on c.id = ch.course_id
                  where p.student_id = ${id} order by p.created_at`,
          ),
          await rows(
            tx,
            sql`select v.lesson_id as "lessonId", l.title as "lessonTitle", v.position_seconds as "positionSeconds",
                    v.watched_seconds as "watchedSeconds", v.duration_seconds as "durationSeconds", v.unplayable_at as "unplayableAt",
                    v.unplayable_reason as "unplayableReason", v.updated_at as "updatedAt"
                  from video_progress v join lessons l on l.id = v.lesson_id where v.student_id = ${id} order by v.updated_at`,
          ),
          await rows(
            tx,
            sql`select a.quiz_id as "quizId", l.title as "lessonTitle", a.number, a.answers, a.results, a.correct_count as "correctCount",
                    a.question_count as "questionCount", a.score, a.passed, a.created_at as "createdAt"
                  from quiz_attempts a join quizzes q on q.id = a.quiz_id join lessons l on l.id = q.lesson_id
                  where a.student_id = ${id} order by a.created_at`,
          ),
          await rows(
            tx,
            sql`select d.exercise_id as "exerciseId", x.title as "exerciseTitle", d.code, d.student_files as "studentFiles", d.updated_at as "updatedAt"
                  from exercise_drafts d join exercises x on x.id = d.exercise_id where d.student_id = ${id} order by d.updated_at`,
          ),
          // results is the per-test outcome as the submitter saw it (hidden tests carry only
          // passed); spec (the tests themselves) and test_passed are the tutor's, left out.
          await rows(
            tx,
            sql`select s.id, s.exercise_id as "exerciseId", x.title as "exerciseTitle", s.purpose, s.code, s.student_files as "studentFiles", s.status, s.verdict,
                    s.passed_count as "passedCount", s.total_count as "totalCount", s.results, s.compile_output as "compileOutput",
                    s.summary, s.created_at as "createdAt", s.finished_at as "finishedAt"
                  from exercise_submissions s left join exercises x on x.id = s.exercise_id
                  where s.user_id = ${id} and s.purpose <> 'reference' order by s.created_at`,
          ),
          await rows(
            tx,
            sql`select t.id, t.lesson_id as "lessonId", l.title as "lessonTitle", c.title as "courseTitle", t.created_at as "createdAt",
                    t.updated_at as "updatedAt"
                  from tutor_conversations t join lessons l on l.id = t.lesson_id join courses c on c.id = t.course_id
                  where t.user_id = ${id} order by t.created_at`,
          ),
          await rows(
            tx,
            // The answer the AI tutor's leak guard withheld is left out: it is the exercise's solution, which the student never read.
            sql`select m.conversation_id as "conversationId", m.role, m.content, m.sources, m.hint_level as "hintLevel",
                    m.guard_outcome as "guardOutcome", m.created_at as "createdAt"
                  from tutor_messages m join tutor_conversations t on t.id = m.conversation_id
                  where t.user_id = ${id} order by m.conversation_id, m.seq`,
          ),
          await rows(
            tx,
            sql`select ce.id, ce.course_id as "courseId", c.title as "courseTitle", ce.issued_at as "issuedAt", ce.revoked_at as "revokedAt",
                    ce.revocation_reason as "revocationReason"
                  from certificates ce join courses c on c.id = ce.course_id where ce.student_id = ${id} order by ce.issued_at`,
          ),
          await rows(
            tx,
            sql`select e.lesson_id as "lessonId", e.type, e.seconds, e.occurred_at as "occurredAt"
                  from learning_events e where e.student_id = ${id} order by e.occurred_at, e.id`,
          ),
          await rows(
            tx,
            sql`select a.lesson_id as "lessonId", a.type, a.hour, a.events, a.seconds, a.first_at as "firstAt", a.last_at as "lastAt"
                  from learning_events_archive a where a.student_id = ${id} order by a.hour`,
          ),
          // A day is a UTC calendar day: its ISO 8601 date, never a midnight in the server's time zone.
          await rows(tx, sql`select helper, day::text as day, used from media_usage where user_id = ${id} order by day, helper`),
          // The messages to them: what and when (a sent message keeps no body).
          await rows(
            tx,
            sql`select kind, subject, created_at as "createdAt", sent_at as "sentAt"
                  from mail_outbox where user_id = ${id} or lower(recipient) = ${user.email.toLowerCase()} order by created_at`,
          ),
          await rows(
            tx,
            sql`select unsubscribed_at as "unsubscribedAt", last_reminded_at as "lastRemindedAt", due_reminders_off_at as "dueRemindersOffAt"
                  from reminder_state where user_id = ${id}`,
          ),
          await rows(
            tx,
            sql`select created_at as "createdAt", sent_at as "sentAt", expires_at as "expiresAt", accepted_at as "acceptedAt",
                    cancelled_at as "cancelledAt"
                  from invitations where lower(email) = ${user.email.toLowerCase()} order by created_at`,
          ),
        ];
        // Their questions to the tutor, with what was attached and every message (theirs and the tutor's replies).
        const questionThreads = await rows(
          tx,
          sql`select q.id, q.lesson_id as "lessonId", l.title as "lessonTitle", x.title as "exerciseTitle", q.code, q.result,
                  q.ai_conversation_id as "aiConversationId", q.created_at as "createdAt", q.resolved_at as "resolvedAt",
                  coalesce((select json_agg(json_build_object('from', case when m.author_id = q.student_id then 'student' else 'tutor' end,
                              'body', m.body, 'createdAt', ${isoUtc(sql`m.created_at`)}) order by m.seq)
                            from question_messages m where m.thread_id = q.id), '[]') as messages
                from question_threads q join lessons l on l.id = q.lesson_id left join exercises x on x.id = q.exercise_id
                where q.student_id = ${id} order by q.created_at`,
        );
        // The tutor's feedback on their code as they could read it: sent reviews and their sent comments.
        const submissionReviews = await rows(
          tx,
          sql`select r.id, r.submission_id as "submissionId", x.title as "exerciseTitle", l.title as "lessonTitle",
                  r.overall_comment as "overallComment", r.sent_at as "sentAt", r.seen_at as "seenAt",
                  coalesce((select json_agg(json_build_object('line', c.line, 'body', c.body, 'sentAt', ${isoUtc(sql`c.sent_at`)}) order by c.line, c.created_at)
                            from review_comments c where c.review_id = r.id and c.sent_at is not null), '[]') as comments
                from submission_reviews r join exercises x on x.id = r.exercise_id join lessons l on l.id = r.lesson_id
                where r.student_id = ${id} and r.sent_at is not null order by r.sent_at`,
        );
        // The tutor's limits of their daily questions to the AI tutor, per course.
        const aiTutorAllowances = await rows(
          tx,
          sql`select a.course_id as "courseId", c.title as "courseTitle", a.daily_messages as "dailyMessages", a.updated_at as "updatedAt"
                from ai_tutor_allowances a join courses c on c.id = a.course_id where a.student_id = ${id} order by c.title`,
        );
        // Attempts the tutor granted or reset, per quiz.
        const quizAttemptGrants = await rows(
          tx,
          sql`select g.quiz_id as "quizId", l.title as "lessonTitle", g.extra_attempts as "extraAttempts",
                  g.attempts_before_reset as "attemptsBeforeReset", g.updated_at as "updatedAt"
                from quiz_attempt_grants g join quizzes q on q.id = g.quiz_id join lessons l on l.id = q.lesson_id
                where g.student_id = ${id} order by g.updated_at`,
        );
        // The tutor's extended deadlines for them ('Extend Deadline'), with what each was for and why.
        const deadlineExtensions = await rows(
          tx,
          sql`select e.course_id as "courseId", c.title as "courseTitle",
                  case when e.chapter_id is not null then 'chapter' when e.exercise_id is not null then 'exercise' else 'quiz' end as "kind",
                  coalesce(ch.title, x.title, ql.title) as "itemTitle", e.due_at as "dueAt", e.reason, e.granted_at as "grantedAt"
                from deadline_extensions e join courses c on c.id = e.course_id
                left join chapters ch on ch.id = e.chapter_id left join exercises x on x.id = e.exercise_id
                left join quizzes q on q.id = e.quiz_id left join lessons ql on ql.id = q.lesson_id
                where e.student_id = ${id} order by e.granted_at, e.id`,
        );
        // The tutor's overridden scores ('Override Score'), with the reason; the graded work they replace is above.
        const gradeOverrides = await rows(
          tx,
          sql`select o.course_id as "courseId", c.title as "courseTitle", case when o.exercise_id is not null then 'exercise' else 'quiz' end as "kind",
                  coalesce(x.title, ql.title) as "itemTitle", o.score, o.reason, o.overridden_at as "overriddenAt"
                from grade_overrides o join courses c on c.id = o.course_id
                left join exercises x on x.id = o.exercise_id left join quizzes q on q.id = o.quiz_id left join lessons ql on ql.id = q.lesson_id
                where o.student_id = ${id} order by o.overridden_at, o.id`,
        );
        // The reminders of due dates sent to them: for what, due when.
        const dueReminders = await rows(
          tx,
          sql`select coalesce(x.title, ql.title) as "itemTitle", case when d.exercise_id is not null then 'exercise' else 'quiz' end as "kind",
                  d.due_at as "dueAt", d.sent_at as "sentAt"
                from due_reminders d left join exercises x on x.id = d.exercise_id
                left join quizzes q on q.id = d.quiz_id left join lessons ql on ql.id = q.lesson_id
                where d.student_id = ${id} order by d.sent_at, d.id`,
        );
        // What the bell told them.
        const notifications = await rows(
          tx,
          sql`select kind, title, body, link, created_at as "createdAt", read_at as "readAt"
                from user_notifications where user_id = ${id} order by created_at`,
        );
        const byConversation = new Map<unknown, unknown[]>();
        for (const { conversationId, ...m } of messages)
          byConversation.set(conversationId, [...(byConversation.get(conversationId) ?? []), m]);
        return {
          format: STUDENT_DATA_FORMAT,
          exportedAt: now().toISOString(),
          profile: {
            id: user.id,
            email: user.email,
            firstName: user.firstName,
            lastName: user.lastName,
            role: user.role,
            approvalStatus: user.approvalStatus,
            registeredAt: user.createdAt.toISOString(),
            updatedAt: user.updatedAt.toISOString(),
            lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
          },
          signIns,
          enrolments,
          lessonProgress,
          videoProgress,
          quizAttempts,
          quizAttemptGrants,
          deadlineExtensions,
          gradeOverrides,
          exerciseDrafts,
          exerciseSubmissions,
          tutorConversations: conversations.map((c) => ({ ...c, messages: byConversation.get(c.id) ?? [] })),
          aiTutorAllowances,
          submissionReviews,
          questionThreads,
          notifications,
          certificates,
          learningEvents,
          learningEventsArchived: archivedEvents,
          mediaUsage,
          mail,
          reminders: reminders[0] ?? null,
          dueReminders,
          invitations,
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  return {
    exportFor,

    /** GET /api/me/data: the signed-in user's own export, as a ZIP. */
    ownArchive: (user: UserRow) => archiveOf(user, (day) => `my-data-${day}`),

    /**
     * GET /api/admin/students/:id/data: a student's export for the tutor to hand over (offered
     * before a deletion), the same files the student downloads themself. Unknown ids and the
     * administrator are refused, as by the deletion.
     */
    async studentArchive(studentId: string) {
      if (!isUuid(studentId)) throw notFound(DeleteStudentMessages.notFound);
      const [student] = await db.select().from(users).where(eq(users.id, studentId));
      if (!student) throw notFound(DeleteStudentMessages.notFound);
      if (student.role !== 'student') throw badRequest(DeleteStudentMessages.notAStudent);
      const slug = fileSlug(`${student.firstName} ${student.lastName}`) || student.id.slice(0, 8);
      return archiveOf(student, (day) => `student-data-${slug}-${day}`);
    },

    /**
     * Deletes a student and every row that names them, in one transaction: the user row (which
     * cascades to their sessions, enrollments, progress, attempts, code, conversations,
     * certificates, learning events, per-student analytics, extended deadlines, overridden scores
     * and reminders of due dates), plus what refers to them only by
     * address (sign-in codes, rate-limit counters, invitations, mail waiting in the outbox) and
     * the files they uploaded. Platform-wide hourly counts keep their figures; they name no one.
     * The stored bytes of their files go after the commit, so a failed deletion loses no file.
     */
    async deleteStudent(studentId: string): Promise<DeleteStudentResponse> {
      if (!isUuid(studentId)) throw notFound(DeleteStudentMessages.notFound);
      const { student, keys } = await db.transaction(async (tx) => {
        const [student] = await tx.select().from(users).where(eq(users.id, studentId)).for('update');
        if (!student) throw notFound(DeleteStudentMessages.notFound);
        if (student.role !== 'student') throw badRequest(DeleteStudentMessages.notAStudent);
        const email = student.email.toLowerCase();

        const uploaded = await tx.delete(files).where(eq(files.uploadedBy, studentId)).returning({ key: files.storageKey });
        await tx.execute(sql`delete from verification_codes where lower(email) = ${email}`);
        await tx.execute(sql`delete from rate_limit_hits where lower(key) ~ ${keyPattern(email)}`);
        await tx.execute(sql`delete from invitations where lower(email) = ${email}`);
        await deleteOutboxMail(tx, student);

        await tx.delete(users).where(eq(users.id, studentId));
        // The progress rows that went with the student wait in the analytics queue under their id:
        // folding now applies them (lesson counts follow, as for an unenrollment) and empties the
        // queue, so no row naming them outlives this transaction.
        await tx.execute(sql`select analytics_fold()`);
        return { student, keys: uploaded.map((u) => u.key) };
      });
      let filesDeleted = 0;
      for (const key of keys) {
        try {
          await storage.delete(key);
          filesDeleted++;
        } catch (err) {
          log.warn({ err, key }, 'a deleted student’s stored file could not be removed');
        }
      }
      return { deleted: { id: student.id, fullName: fullNameOf(student) }, filesDeleted };
    },
  };
}

/**
 * Mail to or about the student. Rows keyed to them go with the user row (the foreign key
 * cascades); mail addressed to them goes, sent or not. Mail to someone else not sent yet that
 * mentions them (the tutor's registration digest, the weekly summary) loses the lines and list
 * items that name them, so the others it lists are still told; a message that would still name
 * them, or names them in its subject, is not sent at all. A sent message keeps only its envelope
 * (the outbox empties a body once sent); its subject is blanked where it names them.
 */
async function deleteOutboxMail(tx: Queryable, student: UserRow) {
  const address = student.email.toLowerCase();
  const name = fullNameOf(student).toLowerCase();
  const like = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
  const mentions = (column: SQL) => sql`(lower(${column}) like ${like(address)} or lower(${column}) like ${like(name)})`;
  // An item of an HTML list whose text names them: the lists of these messages hold escaped text only.
  const htmlItem = `<li>[^<]*(${escapeRegex(escapeHtml(address))}|${escapeRegex(escapeHtml(name))})[^<]*</li>`;

  await tx.execute(sql`
    delete from mail_outbox
    where lower(recipient) = ${address} or (sent_at is null and ${mentions(sql`subject`)})`);
  await tx.execute(sql`
    update mail_outbox set
      text_body = array_to_string(array(
        select line from unnest(string_to_array(text_body, chr(10))) with ordinality as l(line, n)
        where not ${mentions(sql`line`)} order by n), chr(10)),
      html_body = regexp_replace(html_body, ${htmlItem}, '', 'gi')
    where sent_at is null and (${mentions(sql`text_body`)} or ${mentions(sql`coalesce(html_body, '')`)})`);
  await tx.execute(sql`
    delete from mail_outbox
    where sent_at is null and (${mentions(sql`text_body`)} or ${mentions(sql`coalesce(html_body, '')`)})`);
  await tx.execute(sql`
    update mail_outbox set subject = '[about a deleted student]', text_body = '', html_body = null
    where sent_at is not null and (${mentions(sql`subject`)} or ${mentions(sql`text_body`)})`);
}
export type StudentDataService = ReturnType<typeof createStudentDataService>;
