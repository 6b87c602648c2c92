import { sql, type SQL } from 'drizzle-orm';
import { AnalyticsRules as R, PROGRESS_BUCKETS } from '../../../common/analytics';
import { activeSince, type EngagementStatusKey } from '../../../common/analytics-texts';
import type { Db } from '../../platform/db/client';

/**
 * The SQL behind the analytics answer: a few set-based statements over the rollups of
 * src/server/platform/db/schema/analytics.ts (kept current by triggers), never a loop over students.
 * Each statement is independent, so the service runs them side by side on the pool.
 *
 * Progress percent of an enrollment: analytics_percent(completed, total) in SQL (migration
 * 0004), the same rule as progressPercent in common/learning.ts.
 */

export type Clock = {
  /** ISO timestamp of "now". */
  now: string;
  /** The UTC day of now, YYYY-MM-DD. */
  today: string;
  /** Start of the time range (ISO), or null for 'all'. */
  from: string | null;
};

const ts = (v: string) => sql`${v}::timestamptz`;
/**
 * "now − minutes" as a constant computed here: in SQL, timestamptz − interval is not folded at
 * planning time and would be evaluated again for every row.
 */
const before = (c: Clock, minutes: number) => ts(new Date(Date.parse(c.now) - minutes * 60_000).toISOString());
const DAY_MINUTES = 24 * 60;
const day = (v: string) => sql`${v}::date`;
/** A constant of our own, written into the SQL (a parameter would need a type PostgreSQL cannot always infer). */
const n = (v: number) => sql.raw(String(v));

/**
 * Every approved student's engagement (active, new or inactive) by the one definition: the SQL
 * function analytics_student_engagement over the window AnalyticsRules.activeWithinDays.
 */
export const engagementOf = (c: Pick<Clock, 'now'>): SQL =>
  sql`analytics_student_engagement(${ts(activeSince(new Date(c.now)).toISOString())})`;

/**
 * Per approved student (v), and per student with at least one enrollment with velocity (r):
 * classification, pace, recent pace, acceleration, trend and risk factors. Reads one
 * row per student (analytics_student_stats, analytics_student_activity), never the enrollments.
 */
function studentCtes(c: Clock): SQL {
  const now = ts(c.now);
  const today = day(c.today);
  const recentDays = R.recentWindowHours / 24;
  // Completions of the last 14 days: completed_days[i + 1] counts the day window_end - i, and the
  // day today - j is window_end - (j - shift) with shift = today - window_end.
  const recent = sql.join(
    Array.from({ length: recentDays }, (_, j) => sql`coalesce(a.completed_days[${n(j + 1)} - (${today} - a.window_end)], 0)`),
    sql` + `,
  );
  // Per student, from their enrollments: the lessons left, and the enrollments stalled under the
  // 'Struggling with content' threshold (started, not completed a lesson in them for a while);
  // and their overdue work, by the calendar's one definition (calendar_overdue), for 'Overdue work'.
  return sql`
  student_courses as (
    select ch.course_id, count(l.id)::int as total
    from chapters ch join lessons l on l.chapter_id = ch.id
    group by ch.course_id
  ),
  en as (
    select e.student_id,
      sum(greatest(0, coalesce(t.total, 0) - e.completed))::int as lessons_left,
      count(*) filter (where e.started > 0 and e.completed < coalesce(t.total, 0)
        and analytics_percent(e.completed, coalesce(t.total, 0)) < ${n(R.strugglingContentBelowPercent)}
        and coalesce(e.last_completed_at, e.enrolled_at) < ${before(c, R.stalledAfterDays * DAY_MINUTES)})::int as stalled
    from analytics_enrollment_stats e left join student_courses t on t.course_id = e.course_id
    where e.enrolled_at is not null
    group by e.student_id
  ),
  od as (
    select o.student_id, sum(o.items)::int as overdue from calendar_overdue(${now}) o group by o.student_id
  ),
  st as materialized (
    select u.id, u.first_name, u.last_name, u.email,
      coalesce(ss.courses, 0) as courses, coalesce(ss.completed, 0) as completed,
      ss.percent_sum::float8 / ss.courses as avg_pct, ss.first_enrolled_at as first_enrolled,
      coalesce(en.lessons_left, 0) as lessons_left, coalesce(en.stalled, 0) as stalled, coalesce(od.overdue, 0) as overdue,
      eg.last_activity_at, eg.status, coalesce(${recent}, 0) as recent
    from ${engagementOf(c)} eg
    join users u on u.id = eg.student_id
    left join analytics_student_stats ss on ss.student_id = u.id
    left join analytics_student_activity a on a.student_id = u.id
    left join en on en.student_id = u.id
    left join od on od.student_id = u.id
  ),
  v as (
    select st.*, w.weeks,
      st.completed / w.weeks as pace,
      st.recent / least(${n(recentDays / 7)}::float8, w.weeks) as recent_pace
    from st
    cross join lateral (
      select greatest(1.0, coalesce(date_part('epoch', ${now} - st.first_enrolled), 0) / 604800.0) as weeks
    ) w
  ),
  r as (
    select v.*, v.recent_pace - v.pace as acc,
      case when v.recent_pace - v.pace > ${n(R.trendThreshold)} then 'increasing'
           when v.recent_pace - v.pace < -${n(R.trendThreshold)} then 'decreasing'
           else 'stable' end as trend,
      case when v.lessons_left = 0 then array[]::text[] else array_remove(array[
        case when v.pace < ${n(R.lowActivityBelowPerWeek)} and v.first_enrolled < ${before(c, R.riskHistoryDays * DAY_MINUTES)}
             then 'Low activity' end,
        case when v.recent_pace - v.pace < -${n(R.trendThreshold)} then 'Declining engagement' end,
        case when v.stalled > 0 then 'Struggling with content' end,
        case when v.overdue > 0 then 'Overdue work' end
      ], null) end as risks,
      case when v.lessons_left > 0 and v.pace > 0 then ${now} + (v.lessons_left / v.pace) * interval '1 week' end as predicted
    from v where v.courses > 0
  )`;
}

export type VelocityRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  courses: number;
  completed: number;
  avg_pct: number;
  status: EngagementStatusKey;
  trend: 'increasing' | 'stable' | 'decreasing';
  pace: number;
  recent_pace: number;
  acc: number;
  risks: string[];
  lessons_left: number;
  /** json_agg gives timestamps as strings, plain rows as Dates. */
  predicted: Date | string | null;
  last_activity_at: Date | string | null;
};

const velocityColumns = sql`
  id, first_name, last_name, email, courses, completed, round(avg_pct)::int as avg_pct, status, trend,
  round(pace::numeric, 2)::float8 as pace, round(recent_pace::numeric, 2)::float8 as recent_pace,
  round(acc::numeric, 2)::float8 as acc, risks, lessons_left, predicted, last_activity_at`;

export type StudentsResult = {
  summary: { total: number; active: number; new: number; inactive: number };
  velocity: { n: number; increasing: number; stable: number; decreasing: number; at_risk: number };
  top: VelocityRow[] | null;
  /** Over every enrollment (any student). */
  enrollments: { enrollments: number; average_progress: number | null; completed_lessons: number; first_enrolled: string | null };
};

/**
 * The engagement of the approved students (active, new, inactive), learning velocity (counts and the
 * most at-risk students) and the enrollment totals.
 */
export function studentsQuery(c: Clock, limit: number): SQL {
  return sql`
  with ${studentCtes(c)}
  select
    (select json_build_object(
      'total', count(*),
      'active', count(*) filter (where status = 'active'),
      'new', count(*) filter (where status = 'new'),
      'inactive', count(*) filter (where status = 'inactive')) from v) as summary,
    (select json_build_object(
      'n', count(*),
      'increasing', count(*) filter (where trend = 'increasing'),
      'stable', count(*) filter (where trend = 'stable'),
      'decreasing', count(*) filter (where trend = 'decreasing'),
      'at_risk', count(*) filter (where cardinality(risks) > 0)) from r) as velocity,
    (select json_agg(x) from (
      select ${velocityColumns} from r
      order by cardinality(risks) desc, pace asc, last_name, first_name, id
      limit ${n(limit)}) x) as top,
    (select json_build_object(
      'enrollments', coalesce(sum(courses), 0),
      'average_progress', round(sum(percent_sum)::numeric / nullif(sum(courses), 0)),
      'completed_lessons', coalesce(sum(completed), 0),
      'first_enrolled', min(first_enrolled_at))
     from analytics_student_stats) as enrollments`;
}

/** Every student's velocity row, by name (the CSV export). */
export function studentsCsvQuery(c: Clock): SQL {
  return sql`with ${studentCtes(c)} select ${velocityColumns} from r order by last_name, first_name, email, id`;
}

export type CoursesResult = {
  totals: { total_courses: number; published_courses: number; completed_enrollments: number; new_last_30_days: number };
  courses: {
    id: string;
    title: string;
    is_published: boolean;
    total: number;
    enrollments: number;
    completed_enrollments: number;
    average_progress: number | null;
    average_days: number | null;
    dropoff_count: number;
  }[];
  chapters:
    | {
        course_id: string;
        id: string;
        title: string;
        position: number;
        lessons: number;
        started: number;
        students: number;
        completed: number;
      }[]
    | null;
  /** Enrollments per PROGRESS_BUCKETS bucket, in its order. */
  distribution: number[];
  course_dropoffs:
    | {
        course_id: string;
        lesson_id: string;
        lesson_title: string;
        chapter_id: string;
        chapter_title: string;
        started: number;
        completed: number;
      }[]
    | null;
};

/**
 * Courses by enrollment, the learning paths (chapters and per-course drop-off points, from the
 * per-lesson counts) and the progress distribution of the enrollments.
 */
export function coursesQuery(c: Clock): SQL {
  const now = ts(c.now);
  const buckets = sql.join(
    PROGRESS_BUCKETS.map((b) => sql`coalesce(sum(n) filter (where pct between ${n(b.min)} and ${n(b.max)}), 0)`),
    sql`, `,
  );
  return sql`
  with course_totals as (
    select ch.course_id, count(l.id)::int as total
    from chapters ch join lessons l on l.chapter_id = ch.id
    group by ch.course_id
  ),
  by_percent as (
    select s.course_id, analytics_percent(s.completed, t.total) as pct, count(*)::int as n,
      sum(date_part('epoch', s.last_completed_at - s.enrolled_at) / 86400) as days_sum,
      count(s.last_completed_at)::int as days_n
    from analytics_enrollment_stats s left join course_totals t on t.course_id = s.course_id
    where s.enrolled_at is not null
    group by 1, 2
  ),
  per_course as (
    select course_id, sum(n)::int as enrollments,
      coalesce(sum(n) filter (where pct = 100), 0)::int as completed_enrollments,
      sum(pct * n)::float8 / sum(n) as average_progress,
      sum(days_sum) filter (where pct = 100) / nullif(sum(days_n) filter (where pct = 100), 0) as average_days
    from by_percent
    group by course_id
  ),
  lesson_rows as (
    select l.id, l.title, l.position, ch.id as chapter_id, ch.title as chapter_title, ch.position as chapter_position, ch.course_id,
      coalesce(s.started, 0) as started, coalesce(s.completed, 0) as completed
    from lessons l join chapters ch on ch.id = l.chapter_id
    left join analytics_lesson_totals s on s.lesson_id = l.id
  ),
  course_dropoffs as (
    select d.*,
      row_number() over (partition by d.course_id order by d.started >= ${n(R.verdictMinStudents)} desc, (d.started - d.completed)::float8 / d.started desc, d.started - d.completed desc, d.chapter_position, d.position, d.id) as rn,
      count(*) over (partition by d.course_id) as cnt
    from lesson_rows d
    where d.started > 0 and (d.started - d.completed) * 100 > ${n(R.courseDropoffAbovePercent)} * d.started
  )
  select
    json_build_object(
      'total_courses', (select count(*) from courses),
      'published_courses', (select count(*) from courses where is_published),
      'completed_enrollments', (select coalesce(sum(completed_enrollments), 0) from per_course),
      'new_last_30_days', (select count(*) from analytics_enrollment_stats
                           where enrolled_at >= ${before(c, R.recentEnrollmentDays * DAY_MINUTES)} and enrolled_at <= ${now})) as totals,
    (select coalesce(json_agg(json_build_object(
        'id', co.id, 'title', co.title, 'is_published', co.is_published, 'total', coalesce(t.total, 0),
        'enrollments', coalesce(p.enrollments, 0), 'completed_enrollments', coalesce(p.completed_enrollments, 0),
        'average_progress', round(p.average_progress), 'average_days', round(p.average_days::numeric, 1),
        'dropoff_count', coalesce((select max(cnt) from course_dropoffs d where d.course_id = co.id), 0))
      order by coalesce(p.enrollments, 0) desc, co.title, co.id), '[]')
     from courses co left join course_totals t on t.course_id = co.id left join per_course p on p.course_id = co.id) as courses,
    (select json_agg(x order by x.course_id, x.position, x.id) from (
       select course_id, chapter_id as id, chapter_title as title, chapter_position as position,
         count(*)::int as lessons, sum(started)::int as started, max(started)::int as students, sum(completed)::int as completed
       from lesson_rows group by course_id, chapter_id, chapter_title, chapter_position) x) as chapters,
    (select json_agg(json_build_object(
        'course_id', course_id, 'lesson_id', id, 'lesson_title', title, 'chapter_id', chapter_id, 'chapter_title', chapter_title,
        'started', started, 'completed', completed) order by course_id, rn)
     from course_dropoffs where rn <= ${n(R.courseDropoffTop)}) as course_dropoffs,
    (select json_build_array(${buckets}) from by_percent) as distribution`;
}

export type DropoffRow = {
  lesson_id: string;
  lesson_title: string;
  lesson_type: 'VIDEO' | 'PDF' | 'MIXED';
  chapter_id: string;
  chapter_title: string;
  course_id: string;
  course_title: string;
  started: number;
  completed: number;
  recovered: number;
  struggling: number;
  avg_seconds: number | null;
  opened_only: number;
  started_video: number;
  viewed_pdf: number;
  downloaded_tutorial: number;
};

/**
 * The global drop-off list (above 20%, top 10), with struggling indicators read from the raw
 * progress rows and events of those ten lessons only (through their lesson_id indexes).
 */
export function dropoffQuery(c: Clock): SQL {
  return sql`
  with top as (
    select l.id, l.title, l.lesson_type, ch.id as chapter_id, ch.title as chapter_title, co.id as course_id, co.title as course_title,
      s.started, s.completed, s.recovered
    from analytics_lesson_totals s
    join lessons l on l.id = s.lesson_id
    join chapters ch on ch.id = l.chapter_id
    join courses co on co.id = ch.course_id
    where s.started > 0 and (s.started - s.completed) * 100 > ${n(R.globalDropoffAbovePercent)} * s.started
    order by s.started >= ${n(R.verdictMinStudents)} desc, (s.started - s.completed)::float8 / s.started desc, s.started - s.completed desc,
      co.title, ch.position, l.position, l.id
    limit ${n(R.globalDropoffTop)}
  ),
  unfinished as (
    select lp.lesson_id, lp.student_id, lp.updated_at
    from lesson_progress lp
    where lp.lesson_id in (select id from top) and lp.status = 'in_progress'
  ),
  tracked as (
    select ev.lesson_id, ev.student_id,
      sum(ev.seconds) filter (where ev.type = 'lesson_heartbeat') as seconds,
      bool_or(ev.type = 'video_started') as video,
      bool_or(ev.type = 'pdf_viewed') as pdf,
      bool_or(ev.type = 'tutorial_downloaded') as tutorial
    -- Raw and archived events alike (EVENTS_RETENTION_DAYS moves old ones to the archive, migration 0013).
    from learning_event_history ev
    where ev.lesson_id in (select id from top)
    group by ev.lesson_id, ev.student_id
  ),
  indicators as (
    select u.lesson_id,
      count(*) filter (where u.updated_at < ${before(c, R.lessonStruggleMinutes)})::int as struggling,
      avg(t.seconds) filter (where t.seconds > 0)::float8 as avg_seconds,
      count(*) filter (where not coalesce(t.tutorial or t.pdf or t.video, false))::int as opened_only,
      count(*) filter (where t.video and not (t.pdf or t.tutorial))::int as started_video,
      count(*) filter (where t.pdf and not t.tutorial)::int as viewed_pdf,
      count(*) filter (where t.tutorial)::int as downloaded_tutorial
    from unfinished u left join tracked t on t.lesson_id = u.lesson_id and t.student_id = u.student_id
    group by u.lesson_id
  )
  select top.id as lesson_id, top.title as lesson_title, top.lesson_type, top.chapter_id, top.chapter_title, top.course_id, top.course_title,
    top.started, top.completed, top.recovered,
    coalesce(i.struggling, 0) as struggling, i.avg_seconds,
    coalesce(i.opened_only, 0) as opened_only, coalesce(i.started_video, 0) as started_video,
    coalesce(i.viewed_pdf, 0) as viewed_pdf, coalesce(i.downloaded_tutorial, 0) as downloaded_tutorial
  from top left join indicators i on i.lesson_id = top.id
  order by top.started >= ${n(R.verdictMinStudents)} desc, (top.started - top.completed)::float8 / top.started desc,
    top.started - top.completed desc, top.course_title, top.id`;
}

export type TimeResult = {
  weekly: { bucket: number; active: number; completed: number; enrollments: number }[];
  period: { new_enrollments: number; lessons_completed: number; active_students: number };
  content: {
    opens: number;
    seconds: number;
    video_starts: number;
    pdf_views: number;
    tutorial_downloads: number;
    pdf_opens: number;
    pdf_seconds: number;
  };
  tutorial: { lessons: number; started: number; completed: number; downloaded: number; downloaded_completed: number };
};

/** Weekly buckets, the range's period figures, content engagement and the tutorial PDF pairs. */
export function timeQuery(c: Clock): SQL {
  const now = ts(c.now);
  const today = day(c.today);
  const days = R.weeklyBuckets * R.bucketDays;
  const mask = (1 << R.bucketDays) - 1;
  // Hourly rows count from the hour the range starts in.
  const fromHour = c.from ? sql`hour >= ${ts(new Date(Math.floor(Date.parse(c.from) / 3_600_000) * 3_600_000).toISOString())}` : sql`true`;
  const fromEnrolled = c.from ? sql`enrolled_at >= ${ts(c.from)}` : sql`true`;
  const fromActivity = c.from ? sql`last_activity_at >= ${ts(c.from)}` : sql`true`;
  // Students active in bucket b (b = 0: the 7 days ending today): any of bits 7b .. 7b + 6.
  const activeIn = sql.join(
    Array.from(
      { length: R.weeklyBuckets },
      (_, b) => sql`count(*) filter (where (bits >> ${n(b * R.bucketDays)}) & ${n(mask)} <> 0)::int as b${n(b)}`,
    ),
    sql`, `,
  );
  return sql`
  with activity as (
    select a.last_activity_at, analytics_shift_bits(a.active_days, a.window_end, ${today}) as bits
    from analytics_student_activity a
    join users u on u.id = a.student_id and u.role = 'student' and u.approval_status = 'approved'
  ),
  active as (select ${activeIn}, count(*) filter (where ${fromActivity})::int as in_range from activity),
  hourly_recent as (
    select (${today} - (hour at time zone 'UTC')::date) / ${n(R.bucketDays)} as bucket, sum(completions)::int as completed
    from analytics_hourly_totals
    where hour >= (${today} - ${n(days - 1)})::timestamp at time zone 'UTC' and hour < (${today} + 1)::timestamp at time zone 'UTC'
    group by 1
  ),
  enrolled_recent as (
    select (${today} - (enrolled_at at time zone 'UTC')::date) / ${n(R.bucketDays)} as bucket, count(*)::int as enrollments
    from analytics_enrollment_stats
    where enrolled_at >= (${today} - ${n(days - 1)})::timestamp at time zone 'UTC' and enrolled_at < (${today} + 1)::timestamp at time zone 'UTC'
    group by 1
  ),
  range_hours as (
    select coalesce(sum(opens), 0) as opens, coalesce(sum(visible_seconds), 0) as seconds, coalesce(sum(video_starts), 0) as video_starts,
      coalesce(sum(pdf_views), 0) as pdf_views, coalesce(sum(tutorial_downloads), 0) as tutorial_downloads,
      coalesce(sum(completions), 0) as completions,
      coalesce(sum(opens) filter (where lesson_type = 'PDF'), 0) as pdf_opens,
      coalesce(sum(visible_seconds) filter (where lesson_type = 'PDF'), 0) as pdf_seconds
    from analytics_hourly_totals where ${fromHour} and hour <= ${now}
  ),
  tutorial_lessons as (
    select l.id, coalesce(s.started, 0) as started, coalesce(s.completed, 0) as completed
    from lessons l left join analytics_lesson_totals s on s.lesson_id = l.id
    where l.tutorial_pdf_url is not null
  ),
  downloaded as (
    select count(*) filter (where d.progress_status is not null)::int as downloaded,
      count(*) filter (where d.progress_status = 'completed')::int as downloaded_completed
    from analytics_tutorial_downloads d join tutorial_lessons t on t.id = d.lesson_id
  )
  select
    (select json_agg(json_build_object(
        'bucket', b.b,
        'active', (array[${sql.join(
          Array.from({ length: R.weeklyBuckets }, (_, b) => sql`active.b${n(b)}`),
          sql`, `,
        )}])[b.b + 1],
        'completed', coalesce(h.completed, 0),
        'enrollments', coalesce(e.enrollments, 0)) order by b.b)
     from active cross join generate_series(0, ${n(R.weeklyBuckets - 1)}) b(b)
     left join hourly_recent h on h.bucket = b.b left join enrolled_recent e on e.bucket = b.b) as weekly,
    (select json_build_object(
      'new_enrollments', (select count(*) from analytics_enrollment_stats where ${fromEnrolled} and enrolled_at <= ${now}),
      'lessons_completed', range_hours.completions,
      'active_students', active.in_range) from range_hours, active) as period,
    (select json_build_object(
      'opens', opens, 'seconds', seconds, 'video_starts', video_starts, 'pdf_views', pdf_views,
      'tutorial_downloads', tutorial_downloads, 'pdf_opens', pdf_opens, 'pdf_seconds', pdf_seconds) from range_hours) as content,
    (select json_build_object(
      'lessons', (select count(*) from tutorial_lessons),
      'started', (select coalesce(sum(started), 0) from tutorial_lessons),
      'completed', (select coalesce(sum(completed), 0) from tutorial_lessons),
      'downloaded', downloaded.downloaded,
      'downloaded_completed', downloaded.downloaded_completed) from downloaded) as tutorial`;
}

export type TutorResult = {
  chats: number;
  questions: number;
  students: number;
  topics: { lesson_id: string; lesson_title: string; course_id: string; course_title: string; questions: number }[] | null;
};

/** AI tutor usage in the range: students' questions (role 'user') and conversations. */
export function tutorQuery(c: Clock): SQL {
  const fromMessages = c.from ? sql`and m.created_at >= ${ts(c.from)}` : sql``;
  const fromChats = c.from ? sql`and c.created_at >= ${ts(c.from)}` : sql``;
  return sql`
  with asked as (
    select c.user_id, c.lesson_id, count(*)::int as questions
    from tutor_messages m
    join tutor_conversations c on c.id = m.conversation_id
    join users u on u.id = c.user_id and u.role = 'student'
    where m.role = 'user' ${fromMessages} and m.created_at <= ${ts(c.now)}
    group by c.user_id, c.lesson_id
  )
  select
    (select count(*) from tutor_conversations c join users u on u.id = c.user_id and u.role = 'student'
      where c.created_at <= ${ts(c.now)} ${fromChats})::int as chats,
    (select coalesce(sum(questions), 0) from asked)::int as questions,
    (select count(distinct user_id) from asked)::int as students,
    (select json_agg(x) from (
      select a.lesson_id, l.title as lesson_title, co.id as course_id, co.title as course_title, sum(a.questions)::int as questions
      from asked a join lessons l on l.id = a.lesson_id join chapters ch on ch.id = l.chapter_id join courses co on co.id = ch.course_id
      group by a.lesson_id, l.title, co.id, co.title
      order by sum(a.questions) desc, l.title, a.lesson_id
      limit 5) x) as topics`;
}

/** Students' graded submissions of code in the range (runs and previews not counted), and how many students sent them. */
export function submissionsQuery(c: Clock): SQL {
  const from = c.from ? sql`and s.created_at >= ${ts(c.from)}` : sql``;
  return sql`
  select count(*)::int as submissions, count(distinct s.user_id)::int as students
  from exercise_submissions s
  join users u on u.id = s.user_id and u.role = 'student'
  where practice_graded_submission(s) and s.created_at <= ${ts(c.now)} ${from}`;
}

export type RecentRow = {
  id: string;
  student_id: string;
  first_name: string;
  last_name: string;
  course_id: string | null;
  course_title: string | null;
  percent: number;
  enrolled_at: Date;
  status: string;
};

/** The 10 newest enrollments of the last 30 days, with their progress (newest first, through the enrolled_at index). */
export function recentEnrollmentsQuery(c: Clock): SQL {
  const now = ts(c.now);
  return sql`
  select e.id, e.student_id, u.first_name, u.last_name, co.id as course_id, co.title as course_title, e.enrolled_at,
    e.enrollment_status as status,
    analytics_percent(s.completed, t.total) as percent
  from analytics_enrollment_stats s
  join enrollments e on e.student_id = s.student_id and e.course_id = s.course_id
  join users u on u.id = e.student_id
  left join courses co on co.id = e.course_id
  left join lateral (
    select count(l.id)::int as total from chapters ch join lessons l on l.chapter_id = ch.id where ch.course_id = e.course_id
  ) t on true
  where s.enrolled_at >= ${before(c, R.recentEnrollmentDays * DAY_MINUTES)} and s.enrolled_at <= ${now}
  order by s.enrolled_at desc, e.id
  limit ${n(R.recentEnrollmentMax)}`;
}

/** Events moved to the archive per transaction: short transactions, so folds and analytics answers wait little. */
export const PRUNE_BATCH = 5000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Applies the retention rule (EVENTS_RETENTION_DAYS; null keeps every event): raw learning events
 * that occurred more than `retentionDays` before `now` are compacted into learning_events_archive and
 * deleted (migration 0013). The rollups hold them already: the insert trigger added every event to
 * them, and learning_events_prune() folds whatever is pending first. Returns how many went.
 */
export async function pruneFoldedEvents(db: Db, retentionDays: number | null, now: Date, batch = PRUNE_BATCH): Promise<number> {
  if (retentionDays === null) return 0;
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  let total = 0;
  for (;;) {
    const { rows } = await db.execute<{ n: number }>(sql`select learning_events_prune(${cutoff}::timestamptz, ${batch}) as n`);
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < batch) return total;
  }
}

/** One background fold of the pending analytics counts; returns at once when another instance's fold runs. */
export async function foldAnalyticsInBackground(db: Db): Promise<void> {
  await db.execute(sql`select analytics_maybe_fold()`);
}
