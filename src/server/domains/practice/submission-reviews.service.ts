import { sql, type SQL } from 'drizzle-orm';
import {
  codeLines,
  ReviewMessages,
  type AddReviewCommentBody,
  type LessonFeedbackResponse,
  type ReviewComment,
  type SameCodeResponse,
  type SavedComment,
  type StudentReview,
  type TutorReview,
  type UnseenFeedbackResponse,
} from '../../../common/reviews';
import { matchingLine, normaliseSubmission } from '../../../common/same-code';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/transaction';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { isUuid } from '../../platform/http/ids';
import type { UserNotifications } from '../notifications';

/**
 * The tutor's review of a student's submission (decision record "Review with line comments"). Comments belong to the
 * submission and a line of its code, never to the student's draft, which goes on changing. A review is a draft until
 * 'Send Feedback'; a comment added after a send is a draft until the next send, and each send tells the student once.
 * Only a student's graded Run or Submit is reviewed: not the tutor's reference check, not a preview, not an attempt
 * still being graded. The student reads only their own sent reviews, and only the sent comments of them.
 */

type Notify = Pick<UserNotifications, 'notify'>;

/** A submission that may be reviewed, with what a review and its notice need. */
type Reviewable = {
  id: string;
  student_id: string;
  exercise_id: string;
  lesson_id: string;
  course_id: string;
  exercise_title: string;
  code: string;
  student_files: { name: string; content: string }[] | null;
};

type ReviewRow = {
  id: string;
  submission_id: string;
  student_id: string;
  overall_comment: string;
  draft_overall_comment: string | null;
  sent_at: Date | null;
  seen_at: Date | null;
  send_count: number;
};
type CommentRow = { id: string; review_id: string; line: number; body: string; created_at: Date; sent_at: Date | null };

const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());
const rows = async <T>(on: Queryable, query: SQL) => (await on.execute(query)).rows as T[];

/** A student's own graded attempt: the rule the history's list follows too, and graded. */
const REVIEWABLE = sql`s.purpose in ('run', 'submit') and not s.preview and s.status = 'done' and s.exercise_id is not null
  and exists (select 1 from users u where u.id = s.user_id and u.role = 'student')`;

/** The in-app path of a lesson: the course screen opened on it. */
const lessonLink = (courseId: string, lessonId: string) => `/course/${encodeURIComponent(courseId)}?lesson=${encodeURIComponent(lessonId)}`;

function commentOf(r: CommentRow): ReviewComment {
  return { id: r.id, line: r.line, body: r.body, createdAt: iso(r.created_at)!, sentAt: iso(r.sent_at) };
}

export function createSubmissionReviewsService({ db, notify }: { db: Db; notify: Notify }) {
  /** The submission if it may be reviewed: 404 for none, 400 for one that is not a student's graded attempt. */
  async function reviewable(on: Queryable, submissionId: string): Promise<Reviewable> {
    if (!isUuid(submissionId)) throw notFound(ReviewMessages.submissionNotFound);
    const [row] = await rows<Reviewable & { ok: boolean }>(
      on,
      sql`select s.id, s.user_id as student_id, s.exercise_id, s.lesson_id, ch.course_id, x.title as exercise_title, s.code,
                 s.student_files, (${REVIEWABLE}) as ok
            from exercise_submissions s
            left join exercises x on x.id = s.exercise_id
            left join lessons l on l.id = s.lesson_id
            left join chapters ch on ch.id = l.chapter_id
           where s.id = ${submissionId}`,
    );
    if (!row) throw notFound(ReviewMessages.submissionNotFound);
    if (!row.ok) throw badRequest(ReviewMessages.notReviewable);
    return row;
  }

  function requireLine(code: string, line: number) {
    const lines = codeLines(code).length;
    if (line > lines) throw badRequest(ReviewMessages.lineMissing(line, lines));
  }

  /** The submission's review, made (as an empty draft) if it has none yet; locked for the rest of the transaction. */
  async function reviewFor(tx: Queryable, s: Reviewable): Promise<ReviewRow> {
    await tx.execute(
      sql`insert into submission_reviews (submission_id, student_id, exercise_id, lesson_id)
          values (${s.id}, ${s.student_id}, ${s.exercise_id}, ${s.lesson_id})
          on conflict (submission_id) do nothing`,
    );
    const [review] = await rows<ReviewRow>(tx, sql`select * from submission_reviews where submission_id = ${s.id} for update`);
    return review!;
  }

  async function tutorView(on: Queryable, submissionId: string): Promise<TutorReview | null> {
    const [review] = await rows<ReviewRow>(on, sql`select * from submission_reviews where submission_id = ${submissionId}`);
    if (!review) return null;
    const comments = await rows<CommentRow>(
      on,
      sql`select * from review_comments where review_id = ${review.id} order by line, created_at, id`,
    );
    return {
      id: review.id,
      submissionId: review.submission_id,
      studentId: review.student_id,
      overallComment: review.overall_comment,
      draftOverallComment: review.draft_overall_comment,
      sentAt: iso(review.sent_at),
      seenAt: iso(review.seen_at),
      sendCount: review.send_count,
      comments: comments.map(commentOf),
    };
  }

  /**
   * Marks the review sent now, with its new comments and overall comment, and tells the student (bell and e-mail,
   * one per send). The caller holds the review's lock.
   */
  async function markSent(tx: Queryable, s: Reviewable, review: ReviewRow, overall: string, firstNew: string | undefined) {
    const [sent] = await rows<{ send_count: number }>(
      tx,
      sql`update submission_reviews
             set overall_comment = ${overall}, draft_overall_comment = null, sent_at = now(), seen_at = null,
                 send_count = send_count + 1, updated_at = now()
           where id = ${review.id} returning send_count`,
    );
    await tx.execute(sql`update review_comments set sent_at = now() where review_id = ${review.id} and sent_at is null`);
    await notify.notify(tx, {
      userId: s.student_id,
      kind: 'feedback',
      title: ReviewMessages.notificationTitle(s.exercise_title),
      body: overall.trim() !== '' ? overall : (firstNew ?? ''),
      link: lessonLink(s.course_id, s.lesson_id),
      mail: { dedupeKey: `feedback:${review.id}:${sent!.send_count}` },
    });
  }

  /**
   * The other students whose latest graded attempt at the exercise is the same code as this submission, once normalised:
   * every file of it, when the student writes several.
   */
  async function sameCode(on: Queryable, s: Reviewable) {
    const latest = await rows<{
      id: string;
      student_id: string;
      name: string;
      code: string;
      student_files: { name: string; content: string }[] | null;
    }>(
      on,
      sql`select distinct on (s.user_id) s.id, s.user_id as student_id, s.code, s.student_files,
                 trim(u.first_name || ' ' || u.last_name) as name
            from exercise_submissions s join users u on u.id = s.user_id
           where s.exercise_id = ${s.exercise_id} and s.user_id <> ${s.student_id} and ${REVIEWABLE}
           order by s.user_id, s.created_at desc, s.id desc`,
    );
    const own = normaliseSubmission(s.code, s.student_files);
    return latest.filter((r) => normaliseSubmission(r.code, r.student_files) === own).sort((a, b) => a.name.localeCompare(b.name));
  }

  return {
    /** The submission's review with every comment, draft or sent; null when it has none. */
    async review(submissionId: string): Promise<TutorReview | null> {
      const s = await reviewable(db, submissionId);
      return tutorView(db, s.id);
    },

    /** A draft comment on a line the submission has (the review is made on the first one). */
    async addComment(submissionId: string, { line, body }: AddReviewCommentBody): Promise<TutorReview> {
      return db.transaction(async (tx) => {
        const s = await reviewable(tx, submissionId);
        requireLine(s.code, line);
        const review = await reviewFor(tx, s);
        await tx.execute(sql`insert into review_comments (review_id, line, body) values (${review.id}, ${line}, ${body})`);
        await tx.execute(sql`update submission_reviews set updated_at = now() where id = ${review.id}`);
        return (await tutorView(tx, s.id))!;
      });
    },

    /** Changes a draft comment; a sent one stays as the student read it. */
    async editComment(commentId: string, body: string): Promise<TutorReview> {
      return db.transaction(async (tx) => {
        const comment = await draftComment(tx, commentId);
        await tx.execute(sql`update review_comments set body = ${body} where id = ${comment.id}`);
        return (await tutorView(tx, comment.submission_id))!;
      });
    },

    async deleteComment(commentId: string): Promise<TutorReview> {
      return db.transaction(async (tx) => {
        const comment = await draftComment(tx, commentId);
        await tx.execute(sql`delete from review_comments where id = ${comment.id}`);
        return (await tutorView(tx, comment.submission_id))!;
      });
    },

    /** Keeps the overall comment as a draft, before the first send; after it, the comment goes with the next send. */
    async saveDraft(submissionId: string, overallComment: string): Promise<TutorReview> {
      return db.transaction(async (tx) => {
        const s = await reviewable(tx, submissionId);
        const review = await reviewFor(tx, s);
        if (review.sent_at) throw conflict(ReviewMessages.overallAlreadySent);
        await tx.execute(
          sql`update submission_reviews set draft_overall_comment = ${overallComment}, updated_at = now() where id = ${review.id}`,
        );
        return (await tutorView(tx, s.id))!;
      });
    },

    /** 'Send Feedback': the draft comments and the overall comment become the student's to read, and they are told. */
    async send(submissionId: string, overallComment: string | undefined): Promise<TutorReview> {
      return db.transaction(async (tx) => {
        const s = await reviewable(tx, submissionId);
        const review = await reviewFor(tx, s);
        const overall = overallComment ?? review.draft_overall_comment ?? review.overall_comment;
        const fresh = await rows<{ body: string }>(
          tx,
          sql`select body from review_comments where review_id = ${review.id} and sent_at is null order by line, created_at, id`,
        );
        const overallChanged = overall.trim() !== '' && overall !== review.overall_comment;
        if (fresh.length === 0 && !overallChanged) throw badRequest(ReviewMessages.nothingToSend);
        await markSent(tx, s, review, overall, fresh[0]?.body);
        return (await tutorView(tx, s.id))!;
      });
    },

    /** Who the same-code broadcast from this submission would reach. */
    async sameCodeStudents(submissionId: string): Promise<SameCodeResponse> {
      const s = await reviewable(db, submissionId);
      const matches = await sameCode(db, s);
      return { students: matches.map((m) => ({ studentId: m.student_id, name: m.name })) };
    },

    /**
     * Sends one comment, at once, to every other student whose latest attempt is the same code: on their attempt, at
     * the line holding what this line holds. Their own drafts stay drafts. All or none, in one transaction.
     */
    async sendToSameCode(submissionId: string, { line, body }: AddReviewCommentBody): Promise<{ sent: number }> {
      return db.transaction(async (tx) => {
        const source = await reviewable(tx, submissionId);
        requireLine(source.code, line);
        const matches = await sameCode(tx, source);
        for (const m of matches) {
          const target = await reviewable(tx, m.id);
          const review = await reviewFor(tx, target);
          const [comment] = await rows<{ id: string }>(
            tx,
            sql`insert into review_comments (review_id, line, body) values (${review.id}, ${matchingLine(source.code, line, target.code)}, ${body})
                returning id`,
          );
          // Only this comment is sent: comments the tutor is still drafting for that student stay drafts.
          await tx.execute(sql`update review_comments set sent_at = now() where id = ${comment!.id}`);
          const [sent] = await rows<{ send_count: number }>(
            tx,
            sql`update submission_reviews set sent_at = now(), seen_at = null, send_count = send_count + 1, updated_at = now()
                 where id = ${review.id} returning send_count`,
          );
          await notify.notify(tx, {
            userId: target.student_id,
            kind: 'feedback',
            title: ReviewMessages.notificationTitle(target.exercise_title),
            body,
            link: lessonLink(target.course_id, target.lesson_id),
            mail: { dedupeKey: `feedback:${review.id}:${sent!.send_count}` },
          });
        }
        return { sent: matches.length };
      });
    },

    // ---------- 'Saved Comments' ----------

    async savedComments(): Promise<SavedComment[]> {
      const saved = await rows<{ id: string; body: string; created_at: Date }>(
        db,
        sql`select id, body, created_at from saved_comments order by created_at desc, id`,
      );
      return saved.map((r) => ({ id: r.id, body: r.body, createdAt: iso(r.created_at)! }));
    },

    async saveComment(body: string): Promise<SavedComment> {
      const [r] = await rows<{ id: string; body: string; created_at: Date }>(
        db,
        sql`insert into saved_comments (body) values (${body}) returning id, body, created_at`,
      );
      return { id: r!.id, body: r!.body, createdAt: iso(r!.created_at)! };
    },

    async deleteSavedComment(savedCommentId: string): Promise<void> {
      if (!isUuid(savedCommentId)) throw notFound(ReviewMessages.savedCommentNotFound);
      const { rowCount } = await db.execute(sql`delete from saved_comments where id = ${savedCommentId}`);
      if (!rowCount) throw notFound(ReviewMessages.savedCommentNotFound);
    },

    // ---------- the student ----------

    /** The caller's own sent reviews in a lesson, newest first, each with its sent comments and the code it is about. */
    async lessonFeedback(userId: string, lessonId: string): Promise<LessonFeedbackResponse> {
      if (!isUuid(lessonId)) return { reviews: [] };
      const found = await rows<{
        id: string;
        exercise_id: string;
        submission_id: string;
        purpose: 'run' | 'submit';
        code: string;
        student_files: { name: string; content: string }[] | null;
        submitted_at: Date;
        overall_comment: string;
        sent_at: Date;
        seen_at: Date | null;
        comments: { id: string; line: number; body: string; created_at: string }[];
      }>(
        db,
        sql`select r.id, r.exercise_id, r.submission_id, s.purpose, s.code, s.student_files, s.created_at as submitted_at, r.overall_comment,
                   r.sent_at, r.seen_at,
                   coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'line', c.line, 'body', c.body, 'created_at', c.created_at)
                                              order by c.line, c.created_at, c.id)
                               from review_comments c where c.review_id = r.id and c.sent_at is not null), '[]') as comments
              from submission_reviews r join exercise_submissions s on s.id = r.submission_id
             where r.student_id = ${userId} and r.lesson_id = ${lessonId} and r.sent_at is not null
             order by r.sent_at desc, r.id`,
      );
      return {
        reviews: found.map((r): StudentReview => ({
          id: r.id,
          exerciseId: r.exercise_id,
          submissionId: r.submission_id,
          mode: r.purpose,
          code: r.code,
          files: r.student_files ?? [],
          submittedAt: iso(r.submitted_at)!,
          overallComment: r.overall_comment,
          sentAt: iso(r.sent_at)!,
          seen: r.seen_at !== null,
          comments: r.comments.map((c) => ({ id: c.id, line: c.line, body: c.body, createdAt: iso(c.created_at)! })),
        })),
      };
    },

    /** The lessons where the caller has sent feedback they have not opened yet. */
    async unseenFeedback(userId: string): Promise<UnseenFeedbackResponse> {
      const found = await rows<{ lesson_id: string }>(
        db,
        sql`select distinct lesson_id from submission_reviews where student_id = ${userId} and sent_at is not null and seen_at is null`,
      );
      return { lessonIds: found.map((r) => r.lesson_id) };
    },

    /** The student opened the feedback: the lesson's mark goes. Only their own sent review; anything else is not found. */
    async markSeen(userId: string, reviewId: string): Promise<void> {
      if (!isUuid(reviewId)) throw notFound(ReviewMessages.reviewNotFound);
      const { rowCount } = await db.execute(
        sql`update submission_reviews set seen_at = coalesce(seen_at, now())
             where id = ${reviewId} and student_id = ${userId} and sent_at is not null`,
      );
      if (!rowCount) throw notFound(ReviewMessages.reviewNotFound);
    },
  };

  /** A comment still a draft, with its review's submission; its review locked. 404 for none, 409 for a sent one. */
  async function draftComment(tx: Queryable, commentId: string) {
    if (!isUuid(commentId)) throw notFound(ReviewMessages.commentNotFound);
    const [comment] = await rows<{ id: string; sent_at: Date | null; submission_id: string }>(
      tx,
      sql`select c.id, c.sent_at, r.submission_id from review_comments c join submission_reviews r on r.id = c.review_id
           where c.id = ${commentId} for update of c, r`,
    );
    if (!comment) throw notFound(ReviewMessages.commentNotFound);
    if (comment.sent_at) throw conflict(ReviewMessages.commentAlreadySent);
    return comment;
  }
}
export type SubmissionReviewsService = ReturnType<typeof createSubmissionReviewsService>;
