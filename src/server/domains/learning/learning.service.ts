import crypto from 'node:crypto';
import type pg from 'pg';
import { CalendarMessages, formatInZone } from '../../../common/calendar';
import { ErrorCode } from '../../../common/errors';
import {
  courseStatus,
  LearningMessages,
  previewCompletedLessons,
  progressPercent,
  type DashboardCourse,
  type DashboardResponse,
  type CourseProgressSummary,
  type LearnResponse,
  type LessonStatus,
  type ProgressBody,
  type ProgressResponse,
  type VideoProgressBody,
  type VideoProgressResponse,
  type VideoUnplayableBody,
} from '../../../common/learning';
import type { Db } from '../../platform/db/client';
import { AppError, conflict, notFound } from '../../platform/http/errors';
import { isUuid } from '../../platform/http/ids';
import type { ActiveSession } from '../../platform/http/guards';

const DAY = 24 * 60 * 60 * 1000;
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const lockedError = (title: string) => new AppError(409, ErrorCode.lessonLocked, LearningMessages.lockedBy(title), 'Lesson Locked');
/** A lesson of a chapter that opens later for the student ('Release'): when, on the school's clock. */
function notReleasedError(opensAt: string, timeZone: string) {
  const error = new AppError(
    409,
    ErrorCode.lessonNotReleased,
    CalendarMessages.notReleased(formatInZone(opensAt, timeZone)),
    'Not Open Yet',
  );
  error.extra = { opensAt };
  return error;
}
const notEnrolled = () => new AppError(403, ErrorCode.notEnrolled, LearningMessages.notEnrolled, 'Access Denied');
/** A stable number from a string (the preview's simulated values). */
const hashInt = (s: string) => crypto.createHash('sha256').update(s).digest().readUInt32BE(0);
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Whether a student may work in a course, as learning_course_access answers it (platform/db/sql/learning.sql,
 * the one definition of the rule, shared with the progress write); each answer but 'ok' is an error.
 */
type Access = 'ok' | 'course_not_found' | 'not_enrolled';
function assertAccess(access: Access): void {
  if (access === 'course_not_found') throw notFound(LearningMessages.courseNotFound);
  if (access === 'not_enrolled') throw notEnrolled();
}

/** The admin never has their own progress: every student-side read of an admin is a preview. */
export const isPreview = (auth: ActiveSession) => auth.user.role === 'admin';

/** Consecutive UTC days with a completion, ending today or yesterday (0 otherwise). */
export function streakDays(days: Iterable<string>, now: Date): number {
  const set = new Set(days);
  let cursor = new Date(now.getTime());
  if (!set.has(utcDay(cursor))) cursor = new Date(cursor.getTime() - DAY);
  let n = 0;
  while (set.has(utcDay(cursor))) {
    n++;
    cursor = new Date(cursor.getTime() - DAY);
  }
  return n;
}

/** In-progress first, then the most recent activity (last progress write, else the enrolment). */
export function orderCourses(list: DashboardCourse[]): DashboardCourse[] {
  const at = (c: DashboardCourse) => new Date(c.lastActivityAt ?? c.enrolledAt).getTime();
  return [...list].sort((a, b) => Number(b.status === 'in_progress') - Number(a.status === 'in_progress') || at(b) - at(a));
}

/**
 * The student's calls are the busiest of the app: each is one or two statements, sent as named
 * prepared statements (PostgreSQL parses and plans each once per connection, and no query text is
 * built per request). See docs/decisions/011-append-only-analytics-counts.md.
 */
type Statement = { name: string; text: string };
const statement = (name: string, text: string): Statement => ({ name: `learning_${name}`, text });

const Q = {
  /** The student's enrolments in published courses with their counts, and their completion days. */
  dashboard: statement(
    'dashboard',
    `with mine as (
       select c.id, c.title, c.description, c.thumbnail_url, e.enrolled_at,
              count(l.id)::int as total,
              count(lp.id) filter (where lp.status = 'completed')::int as completed,
              max(greatest(lp.updated_at, lp.completed_at)) as last_activity_at
       from enrollments e
       join courses c on c.id = e.course_id and c.is_published
       left join chapters ch on ch.course_id = c.id
       left join lessons l on l.chapter_id = ch.id
       left join lesson_progress lp on lp.lesson_id = l.id and lp.student_id = e.student_id
       where e.student_id = $1
       group by c.id, e.enrolled_at
     ), insights as (
       select array_agg(distinct to_char(completed_at at time zone 'UTC', 'YYYY-MM-DD')) as days,
              count(*) filter (where completed_at > $2::timestamptz and completed_at <= $3::timestamptz)::int as week
       from lesson_progress
       where student_id = $1 and status = 'completed' and completed_at is not null
     )
     select m.*, i.days, i.week from insights i left join mine m on true`,
  ),
  previewCourses: statement(
    'preview_courses',
    `select c.id, c.title, c.description, c.thumbnail_url, count(l.id)::int as total
     from courses c
     left join chapters ch on ch.course_id = c.id
     left join lessons l on l.chapter_id = ch.id
     where c.is_published
     group by c.id`,
  ),
  /**
   * The course with the caller's access to it, its outline and (unless $3 is false: a preview) the caller's statuses.
   * The course's locks are worked out once, in a CTE of their own: joined to the lessons directly, the planner ran
   * learning_course_locks again for every chapter, and with it the opening of every chapter that has a release rule.
   */
  learn: statement(
    'learn',
    `with course as materialized (
       select c.id, c.title, c.description, c.lessons_in_order, c.video_watch_share,
              learning_course_access($2, c.id) as access from courses c where c.id = $1
     ), locks as materialized (
       select k.* from course c, learning_course_locks($2, c.id, $4::timestamptz) k where $3::boolean
     )
     select c.id as course_id, c.title as course_title, c.description as course_description, c.access,
            c.lessons_in_order, c.video_watch_share,
            ch.id as chapter_id, ch.title as chapter_title, ch.position as chapter_position,
            l.id as lesson_id, l.title, l.lesson_type, l.video_url, l.pdf_url, l.tutorial_pdf_url, l.summary, l.position,
            lp.status, (select count(*)::int from exercises x where x.lesson_id = l.id) as exercise_count,
            exists (select 1 from quizzes q where q.lesson_id = l.id) as has_quiz,
            lk.locked_by, lk.opens_at, vp.position_seconds as video_position,
            case when $3::boolean and c.video_watch_share is not null and l.id is not null
                 then learning_lesson_watch_missing($2, l.id) end as watch_required
     from course c
     left join chapters ch on ch.course_id = c.id
     left join lessons l on l.chapter_id = ch.id
     left join lesson_progress lp on lp.lesson_id = l.id and lp.student_id = $2 and $3::boolean
     left join locks lk on lk.lesson_id = l.id
     left join video_progress vp on vp.lesson_id = l.id and vp.student_id = $2 and $3::boolean
     order by ch.position, ch.id, l.position, l.id`,
  ),
  /** A lesson's course, and the caller's access to it. */
  lessonCourse: statement(
    'lesson_course',
    `select c.id, c.title, c.description, learning_course_access($2, c.id) as access
     from lessons l join chapters ch on ch.id = l.chapter_id join courses c on c.id = ch.course_id
     where l.id = $1`,
  ),
  /**
   * What completing lesson $2 does to its course, given the lessons $3 completed before it (the
   * preview's simulated set): counts and "course just completed", the progress write's own rule
   * (learning_completion_outcome, platform/db/sql/learning.sql). Writes nothing.
   */
  completionOutcome: statement('completion_outcome', `select * from learning_completion_outcome($1, $2, $3::uuid[])`),
  /** The access check, the lock, the counts, the write and the certificate in one call (platform/db/sql/learning.sql). */
  recordProgress: statement('record_progress', `select * from learning_record_progress($1, $2, $3, $4)`),
  /** Why a lesson is locked for the student now ($3), if it is; with the school's time zone for the date it opens. */
  lessonLock: statement(
    'lesson_lock',
    `select k.locked_by, k.opens_at, calendar_time_zone() as time_zone from learning_lesson_lock($1, $2, $3) k`,
  ),
  timeZone: statement('time_zone', `select calendar_time_zone() as time_zone`),
  /**
   * The course's enrolled students, and those of them mid-course: they opened or completed a lesson
   * of it and have not completed every lesson. No row for an unknown course.
   */
  progressSummary: statement(
    'progress_summary',
    `with course as (
       select c.id, (select count(*) from lessons l join chapters ch on ch.id = l.chapter_id where ch.course_id = c.id) as total
       from courses c where c.id = $1
     ), per_student as (
       select count(lp.id) as touched, count(lp.id) filter (where lp.status = 'completed') as completed
       from course c
       join enrollments e on e.course_id = c.id
       left join lesson_progress lp on lp.student_id = e.student_id
         and lp.lesson_id in (select l.id from lessons l join chapters ch on ch.id = l.chapter_id where ch.course_id = c.id)
       group by e.student_id
     )
     select count(p.touched)::int as enrolled,
            count(p.touched) filter (where p.touched > 0 and p.completed < c.total)::int as mid_course
     from course c left join per_student p on true
     group by c.id, c.total`,
  ),
  /**
   * A video report, credited against the server's clock ($6): at most the seconds elapsed since the
   * student's previous report of this lesson, times a little slack for network delays ($8: a
   * factor, so that reports sent in a burst, with no time between them, earn nothing), a first
   * report at most one report interval ($7), never beyond the duration. The row's lock makes
   * parallel reports share one allowance. The duration is the largest the player ever reported.
   */
  videoProgress: statement(
    'video_progress',
    `insert into video_progress as v (student_id, lesson_id, position_seconds, watched_seconds, duration_seconds, updated_at)
     values ($1, $2, least($3::float8, $5::float8), least($4::float8, $7::float8, $5::float8), $5::float8, $6::timestamptz)
     on conflict (student_id, lesson_id) do update set
       position_seconds = least(excluded.position_seconds, greatest(v.duration_seconds, excluded.duration_seconds)),
       duration_seconds = greatest(v.duration_seconds, excluded.duration_seconds),
       watched_seconds = least(
         greatest(v.duration_seconds, excluded.duration_seconds),
         v.watched_seconds + least($4::float8, $9::float8, greatest(0, extract(epoch from ($6::timestamptz - v.updated_at))) * $8::float8)
       ),
       updated_at = greatest(v.updated_at, $6::timestamptz)
     returning position_seconds, watched_seconds, duration_seconds, learning_lesson_watch_missing($1, $2) as watch_required`,
  ),
  /**
   * The student's player could not play the video ($4: 'error' or 'timeout'): the first such report
   * is kept, and the watch rule no longer applies to them (decision 030). The credited seconds and
   * their clock (updated_at) are left as they were.
   */
  videoUnplayable: statement(
    'video_unplayable',
    `insert into video_progress as v (student_id, lesson_id, updated_at, unplayable_at, unplayable_reason)
     values ($1, $2, $3::timestamptz, $3::timestamptz, $4)
     on conflict (student_id, lesson_id) do update set
       unplayable_at = coalesce(v.unplayable_at, excluded.unplayable_at),
       unplayable_reason = coalesce(v.unplayable_reason, excluded.unplayable_reason)
     returning position_seconds, watched_seconds, duration_seconds`,
  ),
  /** Asked in a statement of its own after a write: a function in the write's RETURNING sees the rows as they were. */
  watchMissing: statement('watch_missing', `select learning_lesson_watch_missing($1, $2) as watch_required`),
};

/**
 * Video credit: a first report may cover one report interval; later ones the time that passed since
 * the one before, with 10% slack for a report that arrived late, and at most half a minute.
 */
export const VIDEO_CREDIT = { firstSeconds: 12, slackFactor: 1.1, maxPerReportSeconds: 30 } as const;

const run = <T extends pg.QueryResultRow>(on: Pick<pg.Pool, 'query'>, q: Statement, values: unknown[]) =>
  on.query<T>({ name: q.name, text: q.text, values });

export function createLearningService({ db, now }: { db: Db; now: () => Date }) {
  const pool = db.$client;

  async function studentDashboard(studentId: string): Promise<DashboardResponse> {
    const at = now();
    const { rows } = await run<{
      id: string | null;
      title: string;
      description: string;
      thumbnail_url: string | null;
      enrolled_at: Date | string;
      total: number;
      completed: number;
      last_activity_at: Date | string | null;
      days: string[] | null;
      week: number;
    }>(pool, Q.dashboard, [studentId, new Date(at.getTime() - 7 * DAY).toISOString(), at.toISOString()]);
    const courses = rows
      .filter((r) => r.id !== null)
      .map((r): DashboardCourse => ({
        id: r.id!,
        title: r.title,
        description: r.description,
        thumbnailUrl: r.thumbnail_url,
        enrolledAt: iso(r.enrolled_at)!,
        totalLessons: r.total,
        completedLessons: r.completed,
        percent: progressPercent(r.completed, r.total),
        status: courseStatus(r.completed, r.total),
        lastActivityAt: iso(r.last_activity_at),
      }));
    const ins = rows[0];
    return summarize(orderCourses(courses), false, {
      streakDays: streakDays(ins?.days ?? [], at),
      lessonsThisWeek: ins?.week ?? 0,
    });
  }

  function summarize(courses: DashboardCourse[], preview: boolean, insights: DashboardResponse['insights']): DashboardResponse {
    return {
      preview,
      stats: {
        totalCourses: courses.length,
        completed: courses.filter((c) => c.status === 'completed').length,
        inProgress: courses.filter((c) => c.status === 'in_progress').length,
        lessonsDone: courses.reduce((s, c) => s + c.completedLessons, 0),
        totalLessons: courses.reduce((s, c) => s + c.totalLessons, 0),
      },
      overallProgress: courses.length ? Math.round(courses.reduce((s, c) => s + c.percent, 0) / courses.length) : 0,
      insights,
      courses,
    };
  }

  /** The admin's student view: every published course, simulated and deterministic; nothing is read or written per student. */
  async function previewDashboard(adminId: string): Promise<DashboardResponse> {
    const at = now();
    const { rows } = await run<{ id: string; title: string; description: string; thumbnail_url: string | null; total: number }>(
      pool,
      Q.previewCourses,
      [],
    );
    const courses = rows.map((r): DashboardCourse => {
      const h = hashInt(r.id);
      const completed = previewCompletedLessons(r.id, r.total);
      return {
        id: r.id,
        title: r.title,
        description: r.description,
        thumbnailUrl: r.thumbnail_url,
        enrolledAt: new Date(at.getTime() - (1 + (h % 30)) * DAY).toISOString(),
        totalLessons: r.total,
        completedLessons: completed,
        percent: progressPercent(completed, r.total),
        status: courseStatus(completed, r.total),
        lastActivityAt: new Date(at.getTime() - ((h >>> 8) % 7) * DAY - ((h >>> 16) % 1440) * 60_000).toISOString(),
      };
    });
    const h = hashInt(adminId);
    return summarize(orderCourses(courses), true, { streakDays: 1 + (h % 10), lessonsThisWeek: 5 + ((h >>> 8) % 15) });
  }

  type CourseAccess = { id: string; title: string; description: string; access: Access };

  /** Throws when the lesson is locked for the student now (learning_lesson_lock); `byOrder` false asks the release alone. */
  async function assertOpen(studentId: string, lessonId: string, byOrder: boolean): Promise<void> {
    const { rows } = await run<{ locked_by: string | null; opens_at: Date | null; time_zone: string }>(pool, Q.lessonLock, [
      studentId,
      lessonId,
      now().toISOString(),
    ]);
    const lock = rows[0];
    if (lock?.opens_at) throw notReleasedError(lock.opens_at.toISOString(), lock.time_zone);
    if (byOrder && lock?.locked_by) throw lockedError(lock.locked_by);
  }

  /** The course, checked the way the course screen checks it: 404 unless published (but for the admin), 403 unless enrolled. */
  function checkAccess(auth: ActiveSession, course: CourseAccess | undefined): CourseAccess {
    if (!course) throw notFound(LearningMessages.courseNotFound);
    if (!isPreview(auth)) assertAccess(course.access);
    return course;
  }

  /** The lesson's course, checked as the course screen is; an unknown lesson is a 404. Also used by the AI tutor. */
  async function checkLesson(auth: ActiveSession, lessonId: string) {
    if (!isUuid(lessonId)) throw notFound(LearningMessages.lessonNotFound);
    const { rows } = await run<CourseAccess>(pool, Q.lessonCourse, [lessonId, auth.user.id]);
    if (!rows[0]) throw notFound(LearningMessages.lessonNotFound);
    const course = checkAccess(auth, rows[0]);
    return { courseId: course.id, course };
  }

  return {
    dashboard(auth: ActiveSession) {
      return isPreview(auth) ? previewDashboard(auth.user.id) : studentDashboard(auth.user.id);
    },

    async learn(auth: ActiveSession, courseId: string): Promise<LearnResponse> {
      if (!isUuid(courseId)) throw notFound(LearningMessages.courseNotFound);
      const preview = isPreview(auth);
      const { rows } = await run<{
        course_id: string;
        course_title: string;
        course_description: string;
        access: Access;
        chapter_id: string | null;
        chapter_title: string;
        chapter_position: number;
        lesson_id: string | null;
        title: string | null;
        lesson_type: 'VIDEO' | 'PDF' | 'MIXED' | null;
        video_url: string | null;
        pdf_url: string | null;
        tutorial_pdf_url: string | null;
        summary: string | null;
        position: number | null;
        status: 'in_progress' | 'completed' | null;
        exercise_count: number | null;
        lessons_in_order: boolean;
        video_watch_share: number | null;
        has_quiz: boolean | null;
        locked_by: string | null;
        opens_at: Date | null;
        video_position: number | null;
        watch_required: number | null;
      }>(pool, Q.learn, [courseId, auth.user.id, !preview, now().toISOString()]);
      const first = rows[0];
      const course = checkAccess(
        auth,
        first && {
          id: first.course_id,
          title: first.course_title,
          description: first.course_description,
          access: first.access,
        },
      );
      const chapters: LearnResponse['chapters'] = [];
      for (const r of rows) {
        if (r.chapter_id === null) continue; // a course without chapters: its one row
        let ch = chapters.at(-1);
        if (!ch || ch.id !== r.chapter_id) {
          ch = { id: r.chapter_id, title: r.chapter_title, order: r.chapter_position, lessons: [] };
          chapters.push(ch);
        }
        if (r.lesson_id === null) continue;
        // A lesson of a chapter not open yet is listed, but what it holds is not given out before it opens.
        const closed = r.opens_at !== null;
        ch.lessons.push({
          id: r.lesson_id,
          title: r.title!,
          lessonType: r.lesson_type!,
          videoUrl: closed ? null : r.video_url,
          pdfUrl: closed ? null : r.pdf_url,
          tutorialPdfUrl: closed ? null : r.tutorial_pdf_url,
          summary: closed ? '' : (r.summary ?? ''),
          order: r.position!,
          status: (r.status ?? 'not_started') as LessonStatus,
          exerciseCount: r.exercise_count ?? 0,
          hasQuiz: r.has_quiz ?? false,
          lockedBy: r.locked_by,
          opensAt: iso(r.opens_at),
          videoPositionSeconds: r.video_position,
          watchRequired: r.watch_required,
        });
      }
      const all = chapters.flatMap((c) => c.lessons);
      // The preview opens the course as its dashboard card showed it: the simulated first lessons done.
      if (preview) {
        const simulated = previewCompletedLessons(course.id, all.length);
        all.forEach((l, i) => (l.status = i < simulated ? 'completed' : 'not_started'));
      }
      const completed = all.filter((l) => l.status === 'completed').length;
      return {
        course: {
          id: course.id,
          title: course.title,
          description: course.description,
          lessonsInOrder: first!.lessons_in_order,
          videoWatchShare: first!.video_watch_share,
        },
        chapters,
        progress: { completedLessons: completed, totalLessons: all.length, percent: progressPercent(completed, all.length) },
        firstUnfinishedLessonId: (all.find((l) => l.status !== 'completed') ?? all[0])?.id ?? null,
        preview,
      };
    },

    checkLesson,

    /** The tutor's view of where a course's students are (before turning on lessons in order); 404 for an unknown course. */
    async progressSummary(courseId: string): Promise<CourseProgressSummary> {
      if (!isUuid(courseId)) throw notFound(LearningMessages.courseNotFound);
      const { rows } = await run<{ enrolled: number; mid_course: number }>(pool, Q.progressSummary, [courseId]);
      if (!rows[0]) throw notFound(LearningMessages.courseNotFound);
      return { enrolled: rows[0].enrolled, midCourse: rows[0].mid_course };
    },

    /**
     * Refuses work on a locked lesson, as the progress write would: exercises and quizzes ask before grading, and
     * before giving out their content. A lesson of a chapter not open yet gives and takes nothing, a Run and the
     * reading of its exercises or quiz included; a lesson an earlier, uncompleted one locks (a course whose lessons
     * must be completed in order) takes no Submit or quiz attempt, but lets the student read and Run ahead, which
     * completes nothing.
     */
    async assertUnlocked(auth: ActiveSession, lessonId: string, work: 'submit' | 'run' | 'read' = 'submit'): Promise<void> {
      if (isPreview(auth)) return;
      await assertOpen(auth.user.id, lessonId, work === 'submit');
    },

    /** A report of the lesson's video player: where it is, and what it really played since its last report. */
    async recordVideoProgress(auth: ActiveSession, lessonId: string, body: VideoProgressBody): Promise<VideoProgressResponse> {
      await checkLesson(auth, lessonId);
      if (isPreview(auth)) {
        return {
          positionSeconds: body.positionSeconds,
          watchedSeconds: 0,
          durationSeconds: body.durationSeconds,
          watchRequired: null,
          preview: true,
        };
      }
      await assertOpen(auth.user.id, lessonId, true);
      const { rows } = await run<{
        position_seconds: number;
        watched_seconds: number;
        duration_seconds: number | null;
        watch_required: number | null;
      }>(pool, Q.videoProgress, [
        auth.user.id,
        lessonId,
        body.positionSeconds,
        body.playedSeconds,
        body.durationSeconds,
        now().toISOString(),
        VIDEO_CREDIT.firstSeconds,
        VIDEO_CREDIT.slackFactor,
        VIDEO_CREDIT.maxPerReportSeconds,
      ]);
      const r = rows[0]!;
      return {
        positionSeconds: r.position_seconds,
        watchedSeconds: r.watched_seconds,
        durationSeconds: r.duration_seconds,
        watchRequired: r.watch_required,
        preview: false,
      };
    },

    /**
     * The lesson's video could not be played on the student's device (the player reported an error,
     * or never answered): kept, and Mark Complete no longer waits for the video (decision 030).
     */
    async recordVideoUnplayable(auth: ActiveSession, lessonId: string, body: VideoUnplayableBody): Promise<VideoProgressResponse> {
      await checkLesson(auth, lessonId);
      if (isPreview(auth)) return { positionSeconds: 0, watchedSeconds: 0, durationSeconds: null, watchRequired: null, preview: true };
      await assertOpen(auth.user.id, lessonId, true);
      const { rows } = await run<{ position_seconds: number; watched_seconds: number; duration_seconds: number | null }>(
        pool,
        Q.videoUnplayable,
        [auth.user.id, lessonId, now().toISOString(), body.reason],
      );
      const { rows: missing } = await run<{ watch_required: number | null }>(pool, Q.watchMissing, [auth.user.id, lessonId]);
      const r = rows[0]!;
      return {
        positionSeconds: r.position_seconds,
        watchedSeconds: r.watched_seconds,
        durationSeconds: r.duration_seconds,
        watchRequired: missing[0]?.watch_required ?? null,
        preview: false,
      };
    },

    async recordProgress(auth: ActiveSession, lessonId: string, body: ProgressBody): Promise<ProgressResponse> {
      if (isPreview(auth)) {
        await checkLesson(auth, lessonId);
        // Preview: the answer as if this were the only lesson done (the simulated set before it is
        // empty), from the progress write's own rule; nothing is written.
        const { rows } = await run<{ total: number; completed_before: number; completed_after: number; course_just_completed: boolean }>(
          pool,
          Q.completionOutcome,
          [auth.user.id, lessonId, []],
        );
        const o = rows[0]!;
        const completing = body.status === 'completed';
        const completed = completing ? o.completed_after : o.completed_before;
        return {
          lessonStatus: body.status,
          progress: { completedLessons: completed, totalLessons: o.total, percent: progressPercent(completed, o.total) },
          courseCompleted: courseStatus(completed, o.total) === 'completed',
          justCompleted: completing && o.course_just_completed,
          preview: true,
        };
      }

      // A student's write checks access in the same call as checkLesson would: 404, 404, 403.
      if (!isUuid(lessonId)) throw notFound(LearningMessages.lessonNotFound);
      const { rows } = await run<{
        access: Access | 'lesson_not_found' | 'checks_not_passed' | 'locked' | 'not_released' | 'video_not_watched';
        total: number;
        completed_before: number;
        completed_after: number;
        lesson_status: LessonStatus;
        detail: string | null;
        course_just_completed: boolean;
      }>(pool, Q.recordProgress, [auth.user.id, lessonId, body.status, now().toISOString()]);
      const r = rows[0]!;
      if (r.access === 'lesson_not_found') throw notFound(LearningMessages.lessonNotFound);
      if (r.access === 'locked') throw lockedError(r.detail!);
      if (r.access === 'not_released') {
        const { rows: zone } = await run<{ time_zone: string }>(pool, Q.timeZone, []);
        throw notReleasedError(r.detail!, zone[0]!.time_zone);
      }
      if (r.access === 'checks_not_passed') {
        const message =
          r.detail === 'quiz'
            ? LearningMessages.quizNotPassed
            : r.detail === 'exercises+quiz'
              ? LearningMessages.checksAndQuizNotPassed
              : LearningMessages.checksNotPassed;
        throw conflict(message, ErrorCode.checksNotPassed);
      }
      if (r.access === 'video_not_watched') throw conflict(LearningMessages.watchFirst(Number(r.detail)), ErrorCode.videoNotWatched);
      assertAccess(r.access);
      return {
        lessonStatus: r.lesson_status,
        progress: { completedLessons: r.completed_after, totalLessons: r.total, percent: progressPercent(r.completed_after, r.total) },
        courseCompleted: courseStatus(r.completed_after, r.total) === 'completed',
        // "Just completed" is the progress write's answer (learning_completion_outcome), under its lock.
        justCompleted: r.course_just_completed,
        preview: false,
      };
    },
  };
}
export type LearningService = ReturnType<typeof createLearningService>;
