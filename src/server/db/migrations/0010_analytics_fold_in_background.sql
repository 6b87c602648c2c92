-- Writes never fold (see docs/decisions/011-append-only-analytics-counts.md). Since 0007 one progress
-- write in 32 applied the whole queue inside its own transaction: a few milliseconds, more under
-- load, added to that request. Now the app folds in the background, every second, with
-- analytics_maybe_fold() (skipped when another instance's fold runs), and every analytics answer
-- still folds first with analytics_fold(); the triggers only append.
CREATE OR REPLACE FUNCTION "public"."analytics_maybe_fold"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF pg_try_advisory_xact_lock(727002, 1) THEN
		PERFORM analytics_fold_pending();
	END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "public"."analytics_progress_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "public"."analytics_events_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
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
