-- Keyset pages of the admin's table API (GET /api/admin/tables/:table/items). A page is
-- "ORDER BY field, id" after the previous page's (field, id): with an index on (field, id) it reads
-- only the rows it answers, whatever the table's size; without one PostgreSQL sorted the whole table
-- for every page. One index per sortable field (src/server/modules/database-helper/tables.ts lists
-- them; the primary key serves the id); only fields that are never empty and short are sortable.
CREATE INDEX "users_email_id_idx" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "users_first_name_id_idx" ON "users" USING btree ("first_name","id");--> statement-breakpoint
CREATE INDEX "users_last_name_id_idx" ON "users" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "users_approval_status_id_idx" ON "users" USING btree ("approval_status","id");--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_updated_at_id_idx" ON "users" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "courses_title_id_idx" ON "courses" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "courses_created_at_id_idx" ON "courses" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "courses_updated_at_id_idx" ON "courses" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "chapters_title_id_idx" ON "chapters" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "chapters_position_id_idx" ON "chapters" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "chapters_created_at_id_idx" ON "chapters" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "chapters_updated_at_id_idx" ON "chapters" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "lessons_title_id_idx" ON "lessons" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "lessons_position_id_idx" ON "lessons" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "lessons_created_at_id_idx" ON "lessons" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "lessons_updated_at_id_idx" ON "lessons" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "enrollments_enrolled_at_id_idx" ON "enrollments" USING btree ("enrolled_at","id");--> statement-breakpoint
CREATE INDEX "enrollments_created_at_id_idx" ON "enrollments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "enrollments_updated_at_id_idx" ON "enrollments" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "lesson_progress_created_at_id_idx" ON "lesson_progress" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "lesson_progress_updated_at_id_idx" ON "lesson_progress" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "files_size_bytes_id_idx" ON "files" USING btree ("size_bytes","id");--> statement-breakpoint
CREATE INDEX "files_created_at_id_idx" ON "files" USING btree ("created_at","id");--> statement-breakpoint
-- Learning events are bounded (docs/decisions/017-bounded-learning-events.md). Per student: a token
-- bucket of events (POST /api/events answers 429 when it is empty) and the server time up to which
-- lesson heartbeats have been credited, so visible time never runs ahead of the wall clock.
CREATE TABLE "learning_event_budgets" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL,
	"heartbeat_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "learning_event_budgets" ADD CONSTRAINT "learning_event_budgets_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Raw events past the retention period are compacted into one row per student, lesson, type and
-- UTC hour, then deleted. The rollups already hold them (the insert trigger adds every event to
-- them in the inserting transaction); the archive keeps what analytics_rebuild() and the per-student
-- drop-off indicators read from events, so neither changes when raw rows go.
CREATE TABLE "learning_events_archive" (
	"student_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"type" "learning_event_type" NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"events" integer NOT NULL,
	"seconds" bigint,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "learning_events_archive_student_id_lesson_id_type_hour_pk" PRIMARY KEY("student_id","lesson_id","type","hour")
);
--> statement-breakpoint
ALTER TABLE "learning_events_archive" ADD CONSTRAINT "learning_events_archive_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_events_archive" ADD CONSTRAINT "learning_events_archive_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learning_events_archive_lesson_idx" ON "learning_events_archive" USING btree ("lesson_id");--> statement-breakpoint
-- A BRIN index finds the old rows at almost no cost per insert: events arrive roughly in time order.
CREATE INDEX "learning_events_occurred_brin_idx" ON "learning_events" USING brin ("occurred_at");--> statement-breakpoint
-- Every event, raw or archived, with the same columns: one row per raw event (events = 1).
CREATE VIEW "public"."learning_event_history" AS
	SELECT ev.student_id, ev.lesson_id, ev.type, date_trunc('hour', ev.occurred_at, 'UTC') AS hour, 1 AS events,
		ev.seconds::bigint AS seconds, ev.occurred_at AS first_at, ev.occurred_at AS last_at
	FROM learning_events ev
	UNION ALL
	SELECT a.student_id, a.lesson_id, a.type, a.hour, a.events, a.seconds, a.first_at, a.last_at
	FROM learning_events_archive a;--> statement-breakpoint
-- Moves at most max_rows raw events that occurred before cutoff into the archive; returns how many
-- went (the caller repeats while it gets max_rows, in short transactions). It takes the fold's
-- advisory lock (waiting for a fold in progress) and folds first, so nothing still pending is left
-- behind and no fold runs beside it.
CREATE FUNCTION "public"."learning_events_prune"(cutoff timestamp with time zone, max_rows integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
	n integer;
BEGIN
	PERFORM pg_advisory_xact_lock(727002, 1);
	PERFORM analytics_fold_pending();
	WITH gone AS (
		DELETE FROM learning_events ev
		WHERE ev.id IN (SELECT e.id FROM learning_events e WHERE e.occurred_at < cutoff LIMIT max_rows)
		RETURNING ev.student_id, ev.lesson_id, ev.type, ev.seconds, ev.occurred_at
	), kept AS (
		INSERT INTO learning_events_archive AS a (student_id, lesson_id, type, hour, events, seconds, first_at, last_at)
		SELECT g.student_id, g.lesson_id, g.type, date_trunc('hour', g.occurred_at, 'UTC'), count(*), sum(g.seconds), min(g.occurred_at), max(g.occurred_at)
		FROM gone g GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
		ON CONFLICT (student_id, lesson_id, type, hour) DO UPDATE SET
			events = a.events + excluded.events,
			seconds = CASE WHEN a.seconds IS NULL AND excluded.seconds IS NULL THEN NULL ELSE coalesce(a.seconds, 0) + coalesce(excluded.seconds, 0) END,
			first_at = least(a.first_at, excluded.first_at),
			last_at = greatest(a.last_at, excluded.last_at)
		RETURNING 1
	)
	SELECT count(*) INTO n FROM gone;
	RETURN n;
END
$$;--> statement-breakpoint
-- As in 0007, reading the events through learning_event_history: the archived ones count the same.
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
