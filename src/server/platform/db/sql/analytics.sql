-- Learning analytics in the database: the rollups of src/server/db/schema/analytics.ts, the
-- triggers that keep them for every writer (the learning API, unenrollment, cascading deletes,
-- seeds, tests), the fold that moves pending counts into them, and the rebuild from the raw tables.
-- These rules live here because they must hold inside the writing transaction and under concurrent
-- writers (docs/decisions/011-append-only-analytics-counts.md, 018-current-state-sql.md).
-- This file is the current state: it is applied at every start whose files differ from the last
-- applied ones, after the table migrations (src/server/db/sql-files.ts).
--
-- Days are UTC days. A student's activity windows end at window_end: bit i of active_days is the
-- day window_end - i (62 days), completed_days[i + 1] the completions of that day (16 days).

CREATE FUNCTION "public"."analytics_shift_bits"(bits bigint, from_day date, to_day date) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE
		WHEN bits IS NULL OR from_day IS NULL OR to_day IS NULL THEN 0::bigint
		WHEN to_day >= from_day THEN CASE WHEN to_day - from_day >= 62 THEN 0::bigint ELSE (bits << (to_day - from_day)) & 4611686018427387903 END
		ELSE CASE WHEN from_day - to_day >= 62 THEN 0::bigint ELSE bits >> (from_day - to_day) END
	END
$$;
CREATE FUNCTION "public"."analytics_shift_days"(counts integer[], from_day date, to_day date) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT array_agg(coalesce(counts[i + 1 - coalesce(to_day - from_day, 0)], 0) ORDER BY i) FROM generate_series(0, 15) i
$$;
CREATE FUNCTION "public"."analytics_add_days"(a integer[], b integer[]) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT array_agg(coalesce(a[i], 0) + coalesce(b[i], 0) ORDER BY i) FROM generate_series(1, 16) i
$$;

-- An enrollment's progress percent: rounded, 100 only when every lesson is done. The same
-- double-precision steps as progressPercent in common/learning.ts (Math.round(completed / total * 100)),
-- so the tutor and the student always see the same number.
CREATE FUNCTION "public"."analytics_percent"(completed integer, total integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE WHEN coalesce(total, 0) = 0 THEN 0
		WHEN completed >= total THEN 100
		ELSE least(99, floor(completed::float8 / total::float8 * 100 + 0.5))::int END
$$;

-- The one definition of an active student, for every figure that says "active" or "inactive"
-- (the analytics page, the CSV, the reminders and the weekly summary). `since` is now minus
-- AnalyticsRules.activeWithinDays (common/analytics.ts owns the number; this owns the rule):
--   'active'   did something in a lesson since then (opened it, watched, read, worked on it,
--              completed it: analytics_student_activity.last_activity_at);
--   'new'      did nothing in a lesson since then, but registered or was enrolled in a course since
--              then: a student who joined today has had no time to be inactive;
--   'inactive' neither.
-- Every approved student, one row each, with their last lesson activity and when they joined.
CREATE FUNCTION "public"."analytics_student_engagement"(since timestamptz)
RETURNS TABLE (student_id uuid, last_activity_at timestamptz, joined_at timestamptz, status text)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT u.id, a.last_activity_at, j.joined_at,
		CASE WHEN a.last_activity_at >= since THEN 'active'
			WHEN j.joined_at >= since THEN 'new'
			ELSE 'inactive' END
	FROM users u
	LEFT JOIN analytics_student_activity a ON a.student_id = u.id
	CROSS JOIN LATERAL (
		SELECT greatest(u.created_at, (SELECT max(e.enrolled_at) FROM enrollments e WHERE e.student_id = u.id)) AS joined_at
	) j
	WHERE u.role = 'student' AND u.approval_status = 'approved'
$$;

-- Recomputes analytics_student_stats of these students from their enrollment rows and the courses' lesson counts.
CREATE FUNCTION "public"."analytics_refresh_students"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(cardinality(ids), 0) = 0 THEN
		RETURN;
	END IF;
	WITH totals AS (
		SELECT ch.course_id, count(l.id)::int AS total
		FROM chapters ch JOIN lessons l ON l.chapter_id = ch.id
		WHERE ch.course_id IN (SELECT e.course_id FROM analytics_enrollment_stats e WHERE e.student_id = ANY (ids))
		GROUP BY ch.course_id
	), agg AS (
		SELECT e.student_id, count(*)::int AS courses, sum(e.completed)::int AS completed,
			sum(analytics_percent(e.completed, t.total))::int AS percent_sum,
			min(analytics_percent(e.completed, t.total))::int AS percent_min,
			min(e.enrolled_at) AS first_enrolled_at
		FROM analytics_enrollment_stats e LEFT JOIN totals t ON t.course_id = e.course_id
		WHERE e.student_id = ANY (ids) AND e.enrolled_at IS NOT NULL
		GROUP BY e.student_id
	), gone AS (
		DELETE FROM analytics_student_stats s
		WHERE s.student_id = ANY (ids) AND NOT EXISTS (SELECT 1 FROM agg WHERE agg.student_id = s.student_id)
	)
	INSERT INTO analytics_student_stats AS s (student_id, courses, completed, percent_sum, percent_min, first_enrolled_at)
	SELECT agg.student_id, agg.courses, agg.completed, agg.percent_sum, agg.percent_min, agg.first_enrolled_at FROM agg
	ORDER BY agg.student_id
	ON CONFLICT (student_id) DO UPDATE SET
		courses = excluded.courses, completed = excluded.completed, percent_sum = excluded.percent_sum,
		percent_min = excluded.percent_min, first_enrolled_at = excluded.first_enrolled_at;
END
$$;
-- Every change of an enrollment's row refreshes its student's totals.
CREATE FUNCTION "public"."analytics_enrollment_stats_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM analytics_refresh_students(ARRAY(SELECT DISTINCT n.student_id FROM new_rows n));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM analytics_refresh_students(ARRAY(SELECT DISTINCT o.student_id FROM old_rows o));
	ELSE
		PERFORM analytics_refresh_students(ARRAY(SELECT n.student_id FROM new_rows n UNION SELECT o.student_id FROM old_rows o));
	END IF;
	RETURN NULL;
END
$$;

-- The students of these courses, after a course's lesson count changed.
CREATE FUNCTION "public"."analytics_refresh_courses"(course_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	ids uuid[];
BEGIN
	SELECT array_agg(DISTINCT e.student_id) INTO ids FROM analytics_enrollment_stats e WHERE e.course_id = ANY (course_ids);
	IF ids IS NOT NULL THEN
		PERFORM analytics_refresh_students(ids);
	END IF;
END
$$;

-- Merges activity (active = true: it happened; completed: +/- completions of that day) into analytics_student_activity.
CREATE FUNCTION "public"."analytics_apply_activity"(acts analytics_activity[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	WITH per_day AS (
		SELECT a.student_id, a.day, bool_or(a.active) AS active, max(a.at) FILTER (WHERE a.active) AS at, sum(a.completed)::int AS completed
		FROM unnest(acts) a GROUP BY 1, 2
	), per_student AS (
		SELECT p.student_id, max(p.day) AS window_end, max(p.at) AS at, bool_or(p.active) AS active FROM per_day p GROUP BY 1
	), offsets AS (
		SELECT s.student_id, s.window_end - p.day AS off, p.active, p.completed FROM per_student s JOIN per_day p USING (student_id)
	), windows AS (
		SELECT s.student_id, s.window_end, s.at, s.active,
			(SELECT coalesce(bit_or(1::bigint << o.off), 0) FROM offsets o WHERE o.student_id = s.student_id AND o.active AND o.off < 62) AS bits,
			(SELECT array_agg(coalesce((SELECT sum(o.completed) FROM offsets o WHERE o.student_id = s.student_id AND o.off = i), 0)::int ORDER BY i)
			 FROM generate_series(0, 15) i) AS days
		FROM per_student s
	), upserted AS (
		INSERT INTO analytics_student_activity AS t (student_id, last_activity_at, window_end, active_days, completed_days)
		SELECT w.student_id, w.at, w.window_end, w.bits, w.days FROM windows w WHERE w.active
		ORDER BY w.student_id
		ON CONFLICT (student_id) DO UPDATE SET
			last_activity_at = greatest(t.last_activity_at, excluded.last_activity_at),
			window_end = greatest(t.window_end, excluded.window_end),
			active_days = analytics_shift_bits(t.active_days, t.window_end, greatest(t.window_end, excluded.window_end))
				| analytics_shift_bits(excluded.active_days, excluded.window_end, greatest(t.window_end, excluded.window_end)),
			completed_days = analytics_add_days(
				analytics_shift_days(t.completed_days, t.window_end, greatest(t.window_end, excluded.window_end)),
				analytics_shift_days(excluded.completed_days, excluded.window_end, greatest(t.window_end, excluded.window_end)))
		RETURNING 1
	)
	-- Only removals (a deleted completion): adjust an existing row, never create one (the student may be being deleted).
	UPDATE analytics_student_activity t
	SET completed_days = analytics_add_days(t.completed_days, analytics_shift_days(w.days, w.window_end, t.window_end))
	FROM windows w
	WHERE t.student_id = w.student_id AND NOT w.active;
END
$$;

-- Adds (sign 1) or subtracts (sign -1) lesson_progress rows to or from every rollup.
CREATE FUNCTION "public"."analytics_apply_progress"(d analytics_progress_delta[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	acts analytics_activity[];
BEGIN
	-- The lesson's course and type; a deleted lesson keeps its row until its progress is subtracted.
	INSERT INTO analytics_lesson_stats (lesson_id, course_id, lesson_type)
	SELECT DISTINCT l.id, ch.course_id, l.lesson_type
	FROM unnest(d) x JOIN lessons l ON l.id = x.lesson_id JOIN chapters ch ON ch.id = l.chapter_id
	WHERE x.sign > 0
	ORDER BY l.id
	ON CONFLICT (lesson_id) DO NOTHING;

	-- Counts per lesson are appended, never updated in place: concurrent writers of one lesson never wait for each other.
	INSERT INTO analytics_lesson_deltas (lesson_id, started, completed, recovered)
	SELECT x.lesson_id,
		sum(x.sign)::int,
		coalesce(sum(x.sign) FILTER (WHERE x.status = 'completed'), 0)::int,
		coalesce(sum(x.sign) FILTER (WHERE x.status = 'completed' AND x.completed_at - x.created_at > interval '7 days'), 0)::int
	FROM unnest(d) x
	WHERE EXISTS (SELECT 1 FROM analytics_lesson_stats s WHERE s.lesson_id = x.lesson_id)
	GROUP BY x.lesson_id
	HAVING (sum(x.sign), coalesce(sum(x.sign) FILTER (WHERE x.status = 'completed'), 0),
		coalesce(sum(x.sign) FILTER (WHERE x.status = 'completed' AND x.completed_at - x.created_at > interval '7 days'), 0)) <> (0, 0, 0);

	-- Per student and course: an upsert where a row is added (the student exists), an update where
	-- rows are only removed (the student may be being deleted).
	INSERT INTO analytics_enrollment_stats AS e (student_id, course_id, started, completed, last_completed_at)
	SELECT x.student_id, s.course_id,
		sum(x.sign)::int,
		coalesce(sum(x.sign) FILTER (WHERE x.status = 'completed'), 0)::int,
		max(x.completed_at) FILTER (WHERE x.sign > 0 AND x.status = 'completed')
	FROM unnest(d) x JOIN analytics_lesson_stats s ON s.lesson_id = x.lesson_id
		-- Applied later than written (the queue): the student or the course may be gone since.
		JOIN users u ON u.id = x.student_id JOIN courses c ON c.id = s.course_id
	GROUP BY x.student_id, s.course_id
	HAVING bool_or(x.sign > 0)
	ORDER BY 1, 2
	ON CONFLICT (student_id, course_id) DO UPDATE SET
		started = e.started + excluded.started,
		completed = e.completed + excluded.completed,
		last_completed_at = greatest(e.last_completed_at, excluded.last_completed_at);
	UPDATE analytics_enrollment_stats e
	SET started = e.started + x.started, completed = e.completed + x.completed
	FROM (
		SELECT x.student_id, s.course_id, sum(x.sign)::int AS started,
			coalesce(sum(x.sign) FILTER (WHERE x.status = 'completed'), 0)::int AS completed
		FROM unnest(d) x JOIN analytics_lesson_stats s ON s.lesson_id = x.lesson_id
		GROUP BY x.student_id, s.course_id
		HAVING NOT bool_or(x.sign > 0)
	) x
	WHERE e.student_id = x.student_id AND e.course_id = x.course_id;
	-- A removed completion may have been the latest one of its enrollment.
	UPDATE analytics_enrollment_stats e
	SET last_completed_at = (
		SELECT max(lp.completed_at) FROM lesson_progress lp JOIN analytics_lesson_stats s ON s.lesson_id = lp.lesson_id
		WHERE lp.student_id = e.student_id AND s.course_id = e.course_id AND lp.status = 'completed')
	FROM (
		SELECT DISTINCT x.student_id, s.course_id FROM unnest(d) x JOIN analytics_lesson_stats s ON s.lesson_id = x.lesson_id
		WHERE x.sign < 0 AND x.status = 'completed'
	) x
	WHERE e.student_id = x.student_id AND e.course_id = x.course_id;
	DELETE FROM analytics_enrollment_stats e
	USING (SELECT DISTINCT x.student_id, s.course_id FROM unnest(d) x JOIN analytics_lesson_stats s ON s.lesson_id = x.lesson_id WHERE x.sign < 0) x
	WHERE e.student_id = x.student_id AND e.course_id = x.course_id AND e.enrolled_at IS NULL AND e.started = 0;

	INSERT INTO analytics_hourly_deltas (hour, lesson_type, completions)
	SELECT date_trunc('hour', x.completed_at, 'UTC'), s.lesson_type, sum(x.sign)::int
	FROM unnest(d) x JOIN analytics_lesson_stats s ON s.lesson_id = x.lesson_id
	WHERE x.status = 'completed' AND x.completed_at IS NOT NULL
	GROUP BY 1, 2
	HAVING sum(x.sign) <> 0;

	-- Activity: opening (created_at), any write (updated_at), completing (completed_at, counted);
	-- only for students who still exist (the queue is applied later than written).
	SELECT array_agg(a) INTO acts FROM (
		SELECT ROW(x.student_id, (x.created_at AT TIME ZONE 'UTC')::date, x.created_at, 0, true)::analytics_activity AS a FROM unnest(d) x WHERE x.sign > 0
		UNION ALL
		SELECT ROW(x.student_id, (x.updated_at AT TIME ZONE 'UTC')::date, x.updated_at, 0, true)::analytics_activity FROM unnest(d) x WHERE x.sign > 0
		UNION ALL
		SELECT ROW(x.student_id, (x.completed_at AT TIME ZONE 'UTC')::date, x.completed_at, x.sign, x.sign > 0)::analytics_activity
		FROM unnest(d) x WHERE x.status = 'completed' AND x.completed_at IS NOT NULL
	) rows
	WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = (rows.a).student_id);
	IF acts IS NOT NULL THEN
		PERFORM analytics_apply_activity(acts);
	END IF;

	-- Downloaded tutorials follow their progress row (for the correlation of downloads with completion).
	UPDATE analytics_tutorial_downloads t
	SET progress_status = (SELECT lp.status FROM lesson_progress lp WHERE lp.student_id = t.student_id AND lp.lesson_id = t.lesson_id)
	WHERE (t.student_id, t.lesson_id) IN (SELECT x.student_id, x.lesson_id FROM unnest(d) x);

	-- A deleted lesson's row, and its pending counts, go once its progress has been subtracted.
	WITH gone AS (
		DELETE FROM analytics_lesson_stats s
		WHERE s.lesson_id IN (SELECT x.lesson_id FROM unnest(d) x WHERE x.sign < 0)
			AND NOT EXISTS (SELECT 1 FROM lessons l WHERE l.id = s.lesson_id)
		RETURNING s.lesson_id
	)
	DELETE FROM analytics_lesson_deltas x USING gone WHERE x.lesson_id = gone.lesson_id;

END
$$;

-- Progress writes only queue their rows; analytics_fold_pending() applies the queue to every rollup
-- at once (analytics_apply_progress is set-based: a few dozen rows cost about what one did).
CREATE FUNCTION "public"."analytics_progress_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO analytics_progress_queue (student_id, lesson_id, status, completed_at, created_at, updated_at, sign)
		SELECT r.student_id, r.lesson_id, r.status, r.completed_at, r.created_at, r.updated_at, 1 FROM new_rows r;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO analytics_progress_queue (student_id, lesson_id, status, completed_at, created_at, updated_at, sign)
		SELECT r.student_id, r.lesson_id, r.status, r.completed_at, r.created_at, r.updated_at, -1 FROM old_rows r;
	ELSE
		INSERT INTO analytics_progress_queue (student_id, lesson_id, status, completed_at, created_at, updated_at, sign)
		SELECT r.student_id, r.lesson_id, r.status, r.completed_at, r.created_at, r.updated_at, 1 FROM new_rows r
		UNION ALL
		SELECT r.student_id, r.lesson_id, r.status, r.completed_at, r.created_at, r.updated_at, -1 FROM old_rows r;
	END IF;
	RETURN NULL;
END
$$;

-- Events add to the pending hourly counts, the tutorial downloads and the students' activity in the
-- inserting transaction.
CREATE FUNCTION "public"."analytics_events_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	acts analytics_activity[];
BEGIN
	INSERT INTO analytics_hourly_deltas (hour, lesson_type, opens, visible_seconds, video_starts, pdf_views, tutorial_downloads)
	SELECT date_trunc('hour', n.occurred_at, 'UTC'), l.lesson_type,
		count(*) FILTER (WHERE n.type = 'lesson_opened'),
		coalesce(sum(n.seconds) FILTER (WHERE n.type = 'lesson_heartbeat'), 0),
		count(*) FILTER (WHERE n.type = 'video_started'),
		count(*) FILTER (WHERE n.type = 'pdf_viewed'),
		count(*) FILTER (WHERE n.type = 'tutorial_downloaded')
	FROM new_rows n JOIN lessons l ON l.id = n.lesson_id
	GROUP BY 1, 2;

	INSERT INTO analytics_tutorial_downloads AS t (student_id, lesson_id, first_at, downloads, progress_status)
	SELECT n.student_id, n.lesson_id, min(n.occurred_at), count(*),
		(SELECT lp.status FROM lesson_progress lp WHERE lp.student_id = n.student_id AND lp.lesson_id = n.lesson_id)
	FROM new_rows n WHERE n.type = 'tutorial_downloaded'
	GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT (student_id, lesson_id) DO UPDATE SET
		downloads = t.downloads + excluded.downloads,
		first_at = least(t.first_at, excluded.first_at);

	SELECT array_agg(ROW(n.student_id, (n.occurred_at AT TIME ZONE 'UTC')::date, n.occurred_at, 0, true)::analytics_activity)
	INTO acts FROM new_rows n;
	IF acts IS NOT NULL THEN
		PERFORM analytics_apply_activity(acts);
	END IF;
	RETURN NULL;
END
$$;

-- Enrollments set or clear enrolled_at of their row in analytics_enrollment_stats; a row that counts
-- no progress goes with its enrollment.
CREATE FUNCTION "public"."analytics_enrollments_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		UPDATE analytics_enrollment_stats e SET enrolled_at = NULL
		FROM old_rows o WHERE e.student_id = o.student_id AND e.course_id = o.course_id;
	END IF;
	IF TG_OP <> 'DELETE' THEN
		INSERT INTO analytics_enrollment_stats AS e (student_id, course_id, enrolled_at)
		SELECT n.student_id, n.course_id, n.enrolled_at FROM new_rows n ORDER BY 1, 2
		ON CONFLICT (student_id, course_id) DO UPDATE SET enrolled_at = excluded.enrolled_at;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		DELETE FROM analytics_enrollment_stats e USING old_rows o
		WHERE e.student_id = o.student_id AND e.course_id = o.course_id AND e.enrolled_at IS NULL AND e.started = 0;
	END IF;
	RETURN NULL;
END
$$;

-- A chapter moved to another course, or deleted, changes both courses' lesson counts.
CREATE FUNCTION "public"."analytics_chapters_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		PERFORM analytics_refresh_courses(ARRAY(
			SELECT n.course_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.course_id <> o.course_id
			UNION SELECT o.course_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.course_id <> o.course_id));
	ELSE
		PERFORM analytics_refresh_courses(ARRAY(SELECT DISTINCT o.course_id FROM old_rows o));
	END IF;
	RETURN NULL;
END
$$;

-- A lesson added, moved or deleted changes its course's lesson count, hence its students' percents.
CREATE FUNCTION "public"."analytics_lessons_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	course_ids uuid[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(DISTINCT ch.course_id) INTO course_ids FROM new_rows n JOIN chapters ch ON ch.id = n.chapter_id;
	ELSIF TG_OP = 'UPDATE' THEN
		UPDATE analytics_lesson_stats s SET course_id = ch.course_id, lesson_type = n.lesson_type
		FROM new_rows n JOIN chapters ch ON ch.id = n.chapter_id
		WHERE s.lesson_id = n.id AND (s.course_id, s.lesson_type) IS DISTINCT FROM (ch.course_id, n.lesson_type);
		-- Only a lesson moved to another chapter can change a course's lesson count.
		SELECT array_agg(DISTINCT ch.course_id) INTO course_ids
		FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN chapters ch ON ch.id IN (n.chapter_id, o.chapter_id)
		WHERE n.chapter_id <> o.chapter_id;
	ELSE
		-- A row still counting progress goes when that progress does (its delete trigger runs after this one).
		WITH gone AS (
			DELETE FROM analytics_lesson_stats s USING old_rows o
			WHERE s.lesson_id = o.id
				AND s.started + coalesce((SELECT sum(x.started) FROM analytics_lesson_deltas x WHERE x.lesson_id = s.lesson_id), 0) = 0
			RETURNING s.lesson_id
		)
		DELETE FROM analytics_lesson_deltas x USING gone WHERE x.lesson_id = gone.lesson_id;
		-- When the chapter went too, its own trigger refreshes the course.
		SELECT array_agg(DISTINCT ch.course_id) INTO course_ids FROM old_rows o JOIN chapters ch ON ch.id = o.chapter_id;
	END IF;
	IF course_ids IS NOT NULL THEN
		PERFORM analytics_refresh_courses(course_ids);
	END IF;
	RETURN NULL;
END
$$;

-- Folding. Writers never update a shared counter row in place: progress rows wait in
-- analytics_progress_queue, lesson and hourly counts in analytics_lesson_deltas and
-- analytics_hourly_deltas. analytics_fold_pending() applies the queue, then moves the pending counts
-- into their rows; it folds only the lesson rows it can lock at once (SKIP LOCKED), the rest stay
-- pending for the next fold. The caller holds the fold's advisory lock (727002, 1), so one fold runs
-- at a time across instances.
CREATE FUNCTION "public"."analytics_fold_pending"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	d analytics_progress_delta[];
BEGIN
	WITH moved AS (
		DELETE FROM analytics_progress_queue q RETURNING q.*
	)
	SELECT array_agg(ROW(m.student_id, m.lesson_id, m.status, m.completed_at, m.created_at, m.updated_at, m.sign)::analytics_progress_delta)
	INTO d FROM moved m;
	IF d IS NOT NULL THEN
		PERFORM analytics_apply_progress(d);
	END IF;

	WITH locked AS (
		SELECT s.lesson_id FROM analytics_lesson_stats s
		WHERE s.lesson_id IN (SELECT x.lesson_id FROM analytics_lesson_deltas x)
		FOR UPDATE SKIP LOCKED
	), moved AS (
		DELETE FROM analytics_lesson_deltas x USING locked WHERE x.lesson_id = locked.lesson_id
		RETURNING x.lesson_id, x.started, x.completed, x.recovered
	), sums AS (
		SELECT m.lesson_id, sum(m.started)::int AS started, sum(m.completed)::int AS completed, sum(m.recovered)::int AS recovered
		FROM moved m GROUP BY m.lesson_id
	)
	UPDATE analytics_lesson_stats s
	SET started = s.started + x.started, completed = s.completed + x.completed, recovered = s.recovered + x.recovered
	FROM sums x WHERE s.lesson_id = x.lesson_id;

	-- analytics_hourly rows are written by folds only (and rebuilds), so nothing else holds them.
	WITH moved AS (
		DELETE FROM analytics_hourly_deltas x RETURNING x.*
	)
	INSERT INTO analytics_hourly AS g (hour, lesson_type, opens, visible_seconds, video_starts, pdf_views, tutorial_downloads, completions)
	SELECT m.hour, m.lesson_type, sum(m.opens), sum(m.visible_seconds), sum(m.video_starts), sum(m.pdf_views), sum(m.tutorial_downloads), sum(m.completions)
	FROM moved m GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT (hour, lesson_type) DO UPDATE SET
		opens = g.opens + excluded.opens,
		visible_seconds = g.visible_seconds + excluded.visible_seconds,
		video_starts = g.video_starts + excluded.video_starts,
		pdf_views = g.pdf_views + excluded.pdf_views,
		tutorial_downloads = g.tutorial_downloads + excluded.tutorial_downloads,
		completions = g.completions + excluded.completions;
END
$$;
-- Everything committed so far, waiting for a fold in progress: every analytics answer calls it first.
CREATE FUNCTION "public"."analytics_fold"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(727002, 1);
	PERFORM analytics_fold_pending();
END
$$;

-- The app's background fold, every second: skipped when another instance's fold runs.
CREATE FUNCTION "public"."analytics_maybe_fold"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF pg_try_advisory_xact_lock(727002, 1) THEN
		PERFORM analytics_fold_pending();
	END IF;
END
$$;

-- What the readers see: the rows plus the pending counts.
CREATE VIEW "public"."analytics_lesson_totals" AS
	SELECT s.lesson_id, s.course_id, s.lesson_type,
		s.started + coalesce(d.started, 0) AS started,
		s.completed + coalesce(d.completed, 0) AS completed,
		s.recovered + coalesce(d.recovered, 0) AS recovered
	FROM analytics_lesson_stats s
	LEFT JOIN (
		SELECT x.lesson_id, sum(x.started)::int AS started, sum(x.completed)::int AS completed, sum(x.recovered)::int AS recovered
		FROM analytics_lesson_deltas x GROUP BY x.lesson_id
	) d ON d.lesson_id = s.lesson_id;

-- Only the pending rows are grouped (few: every answer folds first) and added to their hour's row,
-- so summing a year of hours reads the rows once.
CREATE VIEW "public"."analytics_hourly_totals" AS
	WITH pending AS (
		SELECT x.hour, x.lesson_type, sum(x.opens)::int AS opens, sum(x.visible_seconds)::bigint AS visible_seconds,
			sum(x.video_starts)::int AS video_starts, sum(x.pdf_views)::int AS pdf_views,
			sum(x.tutorial_downloads)::int AS tutorial_downloads, sum(x.completions)::int AS completions
		FROM analytics_hourly_deltas x GROUP BY x.hour, x.lesson_type
	)
	SELECT h.hour, h.lesson_type,
		h.opens + coalesce(p.opens, 0) AS opens,
		h.visible_seconds + coalesce(p.visible_seconds, 0) AS visible_seconds,
		h.video_starts + coalesce(p.video_starts, 0) AS video_starts,
		h.pdf_views + coalesce(p.pdf_views, 0) AS pdf_views,
		h.tutorial_downloads + coalesce(p.tutorial_downloads, 0) AS tutorial_downloads,
		h.completions + coalesce(p.completions, 0) AS completions
	FROM analytics_hourly h LEFT JOIN pending p ON p.hour = h.hour AND p.lesson_type = h.lesson_type
	UNION ALL
	SELECT p.hour, p.lesson_type, p.opens, p.visible_seconds, p.video_starts, p.pdf_views, p.tutorial_downloads, p.completions
	FROM pending p
	WHERE NOT EXISTS (SELECT 1 FROM analytics_hourly h WHERE h.hour = p.hour AND h.lesson_type = p.lesson_type);

-- Recomputes every rollup from the raw tables, set-based (after a bulk load with triggers off, or
-- when a migration asks for it). Events are read through learning_event_history
-- (learning-events.sql), so archived events count as raw ones did.
CREATE FUNCTION "public"."analytics_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	-- analytics_student_stats is refilled by the trigger on analytics_enrollment_stats.
	TRUNCATE analytics_progress_queue, analytics_lesson_stats, analytics_lesson_deltas, analytics_enrollment_stats, analytics_student_stats, analytics_student_activity,
		analytics_hourly, analytics_hourly_deltas, analytics_tutorial_downloads;

	INSERT INTO analytics_lesson_stats (lesson_id, course_id, lesson_type, started, completed, recovered)
	SELECT l.id, ch.course_id, l.lesson_type, count(*),
		count(*) FILTER (WHERE lp.status = 'completed'),
		count(*) FILTER (WHERE lp.status = 'completed' AND lp.completed_at - lp.created_at > interval '7 days')
	FROM lesson_progress lp JOIN lessons l ON l.id = lp.lesson_id JOIN chapters ch ON ch.id = l.chapter_id
	GROUP BY l.id, ch.course_id, l.lesson_type;

	INSERT INTO analytics_enrollment_stats (student_id, course_id, enrolled_at, started, completed, last_completed_at)
	SELECT coalesce(e.student_id, p.student_id), coalesce(e.course_id, p.course_id), e.enrolled_at,
		coalesce(p.started, 0), coalesce(p.completed, 0), p.last_completed_at
	FROM enrollments e
	FULL JOIN (
		SELECT lp.student_id, s.course_id, count(*)::int AS started,
			count(*) FILTER (WHERE lp.status = 'completed')::int AS completed,
			max(lp.completed_at) FILTER (WHERE lp.status = 'completed') AS last_completed_at
		FROM lesson_progress lp JOIN analytics_lesson_stats s ON s.lesson_id = lp.lesson_id
		GROUP BY 1, 2
	) p ON p.student_id = e.student_id AND p.course_id = e.course_id;

	WITH days AS (
		SELECT y.student_id, y.day, max(y.at) AS at, sum(y.n)::int AS n
		FROM (
			SELECT lp.student_id, (lp.created_at AT TIME ZONE 'UTC')::date AS day, lp.created_at AS at, 0 AS n FROM lesson_progress lp
			UNION ALL
			SELECT lp.student_id, (lp.updated_at AT TIME ZONE 'UTC')::date, lp.updated_at, 0 FROM lesson_progress lp
			UNION ALL
			SELECT lp.student_id, (lp.completed_at AT TIME ZONE 'UTC')::date, lp.completed_at, 1 FROM lesson_progress lp
			WHERE lp.status = 'completed' AND lp.completed_at IS NOT NULL
			UNION ALL
			SELECT ev.student_id, (ev.last_at AT TIME ZONE 'UTC')::date, max(ev.last_at), 0 FROM learning_event_history ev GROUP BY 1, 2
		) y
		GROUP BY 1, 2
	), ends AS (
		SELECT student_id, max(day) AS window_end, max(at) AS at FROM days GROUP BY 1
	), offs AS (
		SELECT d.student_id, e.window_end - d.day AS off, d.n FROM days d JOIN ends e USING (student_id) WHERE e.window_end - d.day < 62
	), bits AS (
		SELECT student_id, bit_or(1::bigint << off) AS bits FROM offs GROUP BY 1
	), counts AS (
		SELECT e.student_id, array_agg(coalesce(o.n, 0) ORDER BY i.i) AS days
		FROM ends e CROSS JOIN generate_series(0, 15) i(i)
		LEFT JOIN offs o ON o.student_id = e.student_id AND o.off = i.i
		GROUP BY e.student_id
	)
	INSERT INTO analytics_student_activity (student_id, last_activity_at, window_end, active_days, completed_days)
	SELECT e.student_id, e.at, e.window_end, coalesce(b.bits, 0), c.days
	FROM ends e JOIN counts c USING (student_id) LEFT JOIN bits b USING (student_id);

	INSERT INTO analytics_hourly (hour, lesson_type, opens, visible_seconds, video_starts, pdf_views, tutorial_downloads, completions)
	SELECT y.hour, y.lesson_type, sum(y.opens), sum(y.visible_seconds), sum(y.video_starts), sum(y.pdf_views), sum(y.tutorial_downloads), sum(y.completions)
	FROM (
		SELECT ev.hour, l.lesson_type,
			coalesce(sum(ev.events) FILTER (WHERE ev.type = 'lesson_opened'), 0) AS opens,
			coalesce(sum(ev.seconds) FILTER (WHERE ev.type = 'lesson_heartbeat'), 0) AS visible_seconds,
			coalesce(sum(ev.events) FILTER (WHERE ev.type = 'video_started'), 0) AS video_starts,
			coalesce(sum(ev.events) FILTER (WHERE ev.type = 'pdf_viewed'), 0) AS pdf_views,
			coalesce(sum(ev.events) FILTER (WHERE ev.type = 'tutorial_downloaded'), 0) AS tutorial_downloads,
			0 AS completions
		FROM learning_event_history ev JOIN lessons l ON l.id = ev.lesson_id
		GROUP BY 1, 2
		UNION ALL
		SELECT date_trunc('hour', lp.completed_at, 'UTC'), l.lesson_type, 0, 0, 0, 0, 0, count(*)
		FROM lesson_progress lp JOIN lessons l ON l.id = lp.lesson_id
		WHERE lp.status = 'completed' AND lp.completed_at IS NOT NULL
		GROUP BY 1, 2
	) y
	GROUP BY 1, 2;

	INSERT INTO analytics_tutorial_downloads (student_id, lesson_id, first_at, downloads, progress_status)
	SELECT d.student_id, d.lesson_id, d.first_at, d.downloads, lp.status
	FROM (
		SELECT ev.student_id, ev.lesson_id, min(ev.first_at) AS first_at, sum(ev.events)::int AS downloads
		FROM learning_event_history ev WHERE ev.type = 'tutorial_downloaded'
		GROUP BY 1, 2
	) d
	LEFT JOIN lesson_progress lp ON lp.student_id = d.student_id AND lp.lesson_id = d.lesson_id;
END
$$;

-- The triggers: statement-level, so a write of many rows applies them once, set-based.
CREATE TRIGGER "analytics_progress_inserted" AFTER INSERT ON "lesson_progress" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_progress_changed();
CREATE TRIGGER "analytics_progress_updated" AFTER UPDATE ON "lesson_progress" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_progress_changed();
CREATE TRIGGER "analytics_progress_deleted" AFTER DELETE ON "lesson_progress" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_progress_changed();
CREATE TRIGGER "analytics_events_inserted" AFTER INSERT ON "learning_events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_inserted();
CREATE TRIGGER "analytics_enrollments_inserted" AFTER INSERT ON "enrollments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_enrollments_changed();
CREATE TRIGGER "analytics_enrollments_updated" AFTER UPDATE ON "enrollments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_enrollments_changed();
CREATE TRIGGER "analytics_enrollments_deleted" AFTER DELETE ON "enrollments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_enrollments_changed();
CREATE TRIGGER "analytics_enrollment_stats_inserted" AFTER INSERT ON "analytics_enrollment_stats" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_enrollment_stats_changed();
CREATE TRIGGER "analytics_enrollment_stats_updated" AFTER UPDATE ON "analytics_enrollment_stats" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_enrollment_stats_changed();
CREATE TRIGGER "analytics_enrollment_stats_deleted" AFTER DELETE ON "analytics_enrollment_stats" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_enrollment_stats_changed();
CREATE TRIGGER "analytics_lessons_inserted" AFTER INSERT ON "lessons" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_lessons_changed();
CREATE TRIGGER "analytics_lessons_updated" AFTER UPDATE ON "lessons" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_lessons_changed();
CREATE TRIGGER "analytics_lessons_deleted" AFTER DELETE ON "lessons" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_lessons_changed();
CREATE TRIGGER "analytics_chapters_updated" AFTER UPDATE ON "chapters" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_chapters_changed();
CREATE TRIGGER "analytics_chapters_deleted" AFTER DELETE ON "chapters" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_chapters_changed();
