-- A course's calendar: when a chapter opens for a student, when an exercise or a quiz is due for them, and what
-- work handed in late owes. The one definition of each rule, read by the outline and the lesson, the progress write,
-- practice and quizzes before they accept work, the gradebook, the reminders and the analytics alike
-- (docs/decisions/034-course-calendar-and-gradebook.md). Times are compared in UTC; a "day late" is each started
-- 24 hours after the due date, so the count does not depend on the school's time zone or a clock change.
-- This file is the current state, applied at start after the table migrations (src/server/platform/db/sql-files.ts).
-- It runs before learning.sql, which reads calendar_chapter_opens_at.

-- When a chapter opens for a student ('Release'): its release date, or the student's enrollment plus its number
-- of days. Null when it has no release rule, or when it opens a number of days after an enrollment the student
-- does not have (the admin's preview, a student who is not enrolled: they are refused elsewhere).
CREATE FUNCTION "public"."calendar_chapter_opens_at"(p_student uuid, p_chapter uuid) RETURNS timestamp with time zone
LANGUAGE sql STABLE AS $$
	SELECT coalesce(ch.release_at, e.enrolled_at + make_interval(days => ch.release_after_days))
	FROM chapters ch
	LEFT JOIN enrollments e ON e.course_id = ch.course_id AND e.student_id = p_student
	WHERE ch.id = p_chapter
$$;

-- The due date of every exercise and quiz of a course for its enrolled students (p_student null), or for one
-- student: their extension of the item ('Extend Deadline'), else the item's own due date, else their extension of
-- its chapter, else the chapter's due date; null when none is set. `extended` says an extension decided it.
-- `chapter_id` is the item's chapter. An item without a due date is listed too, with due_at null.
CREATE FUNCTION "public"."calendar_course_dues"(p_course uuid, p_student uuid)
RETURNS TABLE (student_id uuid, chapter_id uuid, exercise_id uuid, quiz_id uuid, due_at timestamp with time zone, extended boolean)
LANGUAGE sql STABLE AS $$
	WITH items AS (
		SELECT ch.id AS chapter_id, ch.due_at AS chapter_due, x.id AS exercise_id, NULL::uuid AS quiz_id, x.due_at AS own_due
		FROM chapters ch JOIN lessons l ON l.chapter_id = ch.id JOIN exercises x ON x.lesson_id = l.id
		WHERE ch.course_id = p_course
		UNION ALL
		SELECT ch.id, ch.due_at, NULL::uuid, q.id, q.due_at
		FROM chapters ch JOIN lessons l ON l.chapter_id = ch.id JOIN quizzes q ON q.lesson_id = l.id
		WHERE ch.course_id = p_course
	), students AS (
		SELECT e.student_id FROM enrollments e
		WHERE e.course_id = p_course AND (p_student IS NULL OR e.student_id = p_student)
	)
	SELECT s.student_id, i.chapter_id, i.exercise_id, i.quiz_id,
		coalesce(xi.due_at, i.own_due, xc.due_at, i.chapter_due),
		xi.due_at IS NOT NULL OR (i.own_due IS NULL AND xc.due_at IS NOT NULL)
	FROM students s
	CROSS JOIN items i
	LEFT JOIN deadline_extensions xi ON xi.course_id = p_course AND xi.student_id = s.student_id
		AND (xi.exercise_id = i.exercise_id OR xi.quiz_id = i.quiz_id)
	LEFT JOIN deadline_extensions xc ON xc.course_id = p_course AND xc.student_id = s.student_id AND xc.chapter_id = i.chapter_id
$$;

-- calendar_late's rule (below), as a set-returning function of one row: PostgreSQL inlines such a function into the query
-- that joins it (LATERAL), so the gradebook asks it for every graded submission of a course at once instead of
-- calling a function per submission (several times slower at 500 students x 100 items).
CREATE FUNCTION "public"."calendar_late_rows"(p_course uuid, p_due timestamp with time zone, p_at timestamp with time zone)
RETURNS TABLE (late boolean, days_late integer, penalty integer, accepted boolean)
LANGUAGE sql STABLE AS $$
	SELECT d.late,
		d.days,
		CASE WHEN d.late AND c.late_policy = 'penalty' THEN least(c.late_penalty_cap, c.late_penalty_per_day * d.days) ELSE 0 END,
		NOT (d.late AND c.late_policy = 'closed')
	FROM courses c
	CROSS JOIN LATERAL (
		SELECT coalesce(p_at > p_due, false) AS late,
			CASE WHEN p_at > p_due THEN ceil(extract(epoch FROM p_at - p_due) / 86400)::integer ELSE 0 END AS days
	) d
	WHERE c.id = p_course
$$;

-- A piece of work's score after a late penalty, in whole hundredths of a percent rounded half up: points earned of
-- the points there are (a submission without points: 100 when it passed, else 0; a quiz attempt: its score of 100),
-- less p_penalty percent of it. The one rule for the gradebook, My Grades and the late results the student reads (they
-- show it in whole percent). Integer arithmetic in one expression, so PostgreSQL inlines it into a query over a class.
CREATE FUNCTION "public"."calendar_score_hundredths"(p_earned integer, p_total integer, p_passed boolean, p_penalty integer)
RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN p_total > 0 THEN ((2 * p_earned::bigint * (100 - p_penalty) * 100 + p_total) / (2 * p_total))::integer
		WHEN p_passed THEN 100 * (100 - p_penalty) ELSE 0 END
$$;

-- What work handed in at p_at owes under its course's 'Late Submissions' rule, for the due date p_due (null: not
-- due, never late): whether it is late, the days late (each started 24 hours), the penalty in percent off its
-- score ('penalty': the course's percent per day, up to its cap; otherwise 0), and whether it is accepted at all
-- ('closed' refuses late work). The rule itself is calendar_late_rows, above.
CREATE FUNCTION "public"."calendar_late"(p_course uuid, p_due timestamp with time zone, p_at timestamp with time zone,
	OUT late boolean, OUT days_late integer, OUT penalty integer, OUT accepted boolean)
LANGUAGE sql STABLE AS $$
	SELECT r.late, r.days_late, r.penalty, r.accepted FROM calendar_late_rows(p_course, p_due, p_at) r
$$;

-- Whether anything of a course can be due: a due date on one of its chapters, exercises or quizzes, or an extension.
-- Lets the readers over every course below skip, cheaply, the courses that have no calendar at all.
CREATE FUNCTION "public"."calendar_course_has_dues"(p_course uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
	SELECT EXISTS (SELECT 1 FROM chapters ch WHERE ch.course_id = p_course AND ch.due_at IS NOT NULL)
		OR EXISTS (SELECT 1 FROM chapters ch JOIN lessons l ON l.chapter_id = ch.id JOIN exercises x ON x.lesson_id = l.id
			WHERE ch.course_id = p_course AND x.due_at IS NOT NULL)
		OR EXISTS (SELECT 1 FROM chapters ch JOIN lessons l ON l.chapter_id = ch.id JOIN quizzes q ON q.lesson_id = l.id
			WHERE ch.course_id = p_course AND q.due_at IS NOT NULL)
		OR EXISTS (SELECT 1 FROM deadline_extensions e WHERE e.course_id = p_course)
$$;

-- The work due in a course, for its enrolled students (p_student null) or one student: every exercise and quiz with
-- a due date for them (calendar_course_dues), when its chapter opens for them (null: open from the start), and when
-- they met it: an exercise by their first passing graded submit (practice_passing_submission), a quiz by their
-- first passed attempt; met_at null: not met. The one definition of "met", of "late" (met_at after due_at) and of
-- "overdue" (due_at passed, met_at null), read by the reminders of due dates, the analytics' risk factor and the
-- weekly summary. plpgsql, because this file runs before learning.sql, whose function it calls when it runs.
CREATE FUNCTION "public"."calendar_course_work"(p_course uuid, p_student uuid)
RETURNS TABLE (student_id uuid, chapter_id uuid, exercise_id uuid, quiz_id uuid, due_at timestamp with time zone,
	extended boolean, opens_at timestamp with time zone, met_at timestamp with time zone)
LANGUAGE plpgsql STABLE AS $$
BEGIN
	RETURN QUERY
	SELECT d.student_id, d.chapter_id, d.exercise_id, d.quiz_id, d.due_at, d.extended,
		calendar_chapter_opens_at(d.student_id, d.chapter_id),
		CASE WHEN d.exercise_id IS NOT NULL THEN
			(SELECT min(s.created_at) FROM exercise_submissions s
			 WHERE s.exercise_id = d.exercise_id AND s.user_id = d.student_id AND practice_passing_submission(s))
		ELSE
			(SELECT min(a.created_at) FROM quiz_attempts a WHERE a.quiz_id = d.quiz_id AND a.student_id = d.student_id AND a.passed)
		END
	FROM calendar_course_dues(p_course, p_student) d
	WHERE d.due_at IS NOT NULL;
END
$$;

-- Overdue work at p_at, per student and published course: how many exercises and quizzes are past the student's due
-- date (their extension included) and not met, in chapters open to them. The 'Overdue work' risk factor and the
-- weekly summary count these.
CREATE FUNCTION "public"."calendar_overdue"(p_at timestamp with time zone)
RETURNS TABLE (student_id uuid, course_id uuid, items integer)
LANGUAGE sql STABLE AS $$
	SELECT w.student_id, c.id, count(*)::int
	FROM courses c
	CROSS JOIN LATERAL calendar_course_work(c.id, NULL) w
	WHERE c.is_published AND calendar_course_has_dues(c.id)
		AND w.due_at < p_at AND w.met_at IS NULL AND (w.opens_at IS NULL OR w.opens_at <= p_at)
	GROUP BY w.student_id, c.id
$$;

-- The school's time zone ('School Time Zone'), in which every date is shown: the one row of school_settings, UTC
-- until the tutor chooses.
CREATE FUNCTION "public"."calendar_time_zone"() RETURNS text
LANGUAGE sql STABLE AS $$
	SELECT coalesce((SELECT s.time_zone FROM school_settings s WHERE s.id = 1), 'UTC')
$$;

-- Whether a chapter's dates would contradict one another with the release date p_release and the due date p_due:
-- the due date, or that of one of its exercises or quizzes, before the day it opens. A chapter that opens a number
-- of days after each enrollment has no one date to compare with. Asked before the tutor's change is written.
CREATE FUNCTION "public"."calendar_chapter_dates_conflict"(p_chapter uuid, p_release timestamp with time zone, p_due timestamp with time zone)
RETURNS boolean
LANGUAGE sql STABLE AS $$
	SELECT coalesce(p_due < p_release, false) OR EXISTS (
		SELECT 1 FROM lessons l
		LEFT JOIN exercises x ON x.lesson_id = l.id
		LEFT JOIN quizzes q ON q.lesson_id = l.id
		WHERE l.chapter_id = p_chapter AND (x.due_at < p_release OR q.due_at < p_release)
	)
$$;

-- Whether the due date p_due of an exercise or a quiz of the lesson p_lesson is before its chapter opens.
CREATE FUNCTION "public"."calendar_item_due_before_release"(p_lesson uuid, p_due timestamp with time zone) RETURNS boolean
LANGUAGE sql STABLE AS $$
	SELECT coalesce((SELECT p_due < ch.release_at FROM lessons l JOIN chapters ch ON ch.id = l.chapter_id WHERE l.id = p_lesson), false)
$$;
