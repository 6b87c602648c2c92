-- Learning events in the database: the history of raw and archived events, and their pruning.
-- Pruning lives here because it must move events into the archive in one transaction with the fold
-- of what is still pending (docs/decisions/017-bounded-learning-events.md, 018-current-state-sql.md).
-- This file is the current state, applied at start after the table migrations (src/server/db/sql-files.ts).

-- Every event, raw or archived, with the same columns: one row per raw event (events = 1).
CREATE VIEW "public"."learning_event_history" AS
	SELECT ev.student_id, ev.lesson_id, ev.type, date_trunc('hour', ev.occurred_at, 'UTC') AS hour, 1 AS events,
		ev.seconds::bigint AS seconds, ev.occurred_at AS first_at, ev.occurred_at AS last_at
	FROM learning_events ev
	UNION ALL
	SELECT a.student_id, a.lesson_id, a.type, a.hour, a.events, a.seconds, a.first_at, a.last_at
	FROM learning_events_archive a;
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
$$;
