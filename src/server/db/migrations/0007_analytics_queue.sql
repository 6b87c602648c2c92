CREATE TABLE "analytics_progress_queue" (
	"student_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"status" "progress_status" NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"sign" integer NOT NULL
);--> statement-breakpoint
-- Progress writes queue their rows (see docs/decisions/011-append-only-analytics-counts.md).
-- After 0005 no write waited for another any more, but each progress write still ran the whole
-- rollup update in its own transaction (about 3 ms of PostgreSQL time per completion, most of the
-- database's work under load). The progress triggers now only append the changed rows to
-- analytics_progress_queue; analytics_fold() applies the queue to every rollup at once
-- (analytics_apply_progress is set-based: a few dozen rows cost about what one did), then moves
-- the pending lesson and hourly counts into their rows as in 0005.
-- analytics_fold(): everything committed so far, waiting for a fold in progress (the analytics
-- answers call it first). analytics_maybe_fold(): one call in 32, skipped when a fold runs.
DROP FUNCTION "public"."analytics_fold"();--> statement-breakpoint
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
$$;--> statement-breakpoint
CREATE FUNCTION "public"."analytics_fold"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(727002, 1);
	PERFORM analytics_fold_pending();
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "public"."analytics_maybe_fold"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF random() < 1.0 / 32 AND pg_try_advisory_xact_lock(727002, 1) THEN
		PERFORM analytics_fold_pending();
	END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "public"."analytics_progress_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	n integer;
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
	GET DIAGNOSTICS n = ROW_COUNT;
	IF n > 0 THEN
		PERFORM analytics_maybe_fold();
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
-- Adds (sign 1) or subtracts (sign -1) lesson_progress rows to or from every rollup.
CREATE OR REPLACE FUNCTION "public"."analytics_apply_progress"(d analytics_progress_delta[]) RETURNS void LANGUAGE plpgsql AS $$
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
	-- A removed completion may have been the latest one of its enrolment.
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
$$;--> statement-breakpoint
-- Recomputes every rollup from the raw tables, set-based (after a bulk load with triggers off).
CREATE OR REPLACE FUNCTION "public"."analytics_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
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
			SELECT ev.student_id, (ev.occurred_at AT TIME ZONE 'UTC')::date, max(ev.occurred_at), 0 FROM learning_events ev GROUP BY 1, 2
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
		SELECT date_trunc('hour', ev.occurred_at, 'UTC') AS hour, l.lesson_type,
			count(*) FILTER (WHERE ev.type = 'lesson_opened') AS opens,
			coalesce(sum(ev.seconds) FILTER (WHERE ev.type = 'lesson_heartbeat'), 0) AS visible_seconds,
			count(*) FILTER (WHERE ev.type = 'video_started') AS video_starts,
			count(*) FILTER (WHERE ev.type = 'pdf_viewed') AS pdf_views,
			count(*) FILTER (WHERE ev.type = 'tutorial_downloaded') AS tutorial_downloads,
			0 AS completions
		FROM learning_events ev JOIN lessons l ON l.id = ev.lesson_id
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
		SELECT ev.student_id, ev.lesson_id, min(ev.occurred_at) AS first_at, count(*)::int AS downloads
		FROM learning_events ev WHERE ev.type = 'tutorial_downloaded'
		GROUP BY 1, 2
	) d
	LEFT JOIN lesson_progress lp ON lp.student_id = d.student_id AND lp.lesson_id = d.lesson_id;
END
$$;
