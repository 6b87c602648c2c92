CREATE TABLE "analytics_hourly_deltas" (
	"hour" timestamp with time zone NOT NULL,
	"lesson_type" "lesson_type" NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	"visible_seconds" bigint DEFAULT 0 NOT NULL,
	"video_starts" integer DEFAULT 0 NOT NULL,
	"pdf_views" integer DEFAULT 0 NOT NULL,
	"tutorial_downloads" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_lesson_deltas" (
	"lesson_id" uuid NOT NULL,
	"started" integer NOT NULL,
	"completed" integer NOT NULL,
	"recovered" integer NOT NULL
);--> statement-breakpoint
-- Pending additions to the lesson and hourly counts, appended by concurrent writers instead of
-- updating shared rows in place (docs/decisions/011-append-only-analytics-counts.md).
-- The functions, triggers and views this migration once defined are kept in their current form in
-- src/server/db/sql/analytics.sql, applied at start after the table migrations: migrations change tables and data only.
