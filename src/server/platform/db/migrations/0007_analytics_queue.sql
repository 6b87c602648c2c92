CREATE TABLE "analytics_progress_queue" (
	"student_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"status" "progress_status" NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"sign" integer NOT NULL
);--> statement-breakpoint
-- Progress writes queue their changed rows here; the fold applies the queue to every rollup at once
-- (docs/decisions/011-append-only-analytics-counts.md).
-- The functions, triggers and views this migration once defined are kept in their current form in
-- src/server/db/sql/analytics.sql, applied at start after the table migrations: migrations change tables and data only.
