CREATE TYPE "public"."learning_event_type" AS ENUM('lesson_opened', 'lesson_heartbeat', 'pdf_viewed', 'tutorial_downloaded', 'video_started');--> statement-breakpoint
CREATE TABLE "analytics_enrollment_stats" (
	"student_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"enrolled_at" timestamp with time zone,
	"started" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"last_completed_at" timestamp with time zone,
	CONSTRAINT "analytics_enrollment_stats_student_id_course_id_pk" PRIMARY KEY("student_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"lesson_type" "lesson_type" NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	"visible_seconds" bigint DEFAULT 0 NOT NULL,
	"video_starts" integer DEFAULT 0 NOT NULL,
	"pdf_views" integer DEFAULT 0 NOT NULL,
	"tutorial_downloads" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_hourly_hour_lesson_type_pk" PRIMARY KEY("hour","lesson_type")
);
--> statement-breakpoint
CREATE TABLE "analytics_lesson_stats" (
	"lesson_id" uuid PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL,
	"lesson_type" "lesson_type" NOT NULL,
	"started" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"recovered" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_student_activity" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"window_end" date NOT NULL,
	"active_days" bigint DEFAULT 0 NOT NULL,
	"completed_days" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_student_stats" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"courses" integer NOT NULL,
	"completed" integer NOT NULL,
	"percent_sum" integer NOT NULL,
	"percent_min" integer NOT NULL,
	"first_enrolled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_tutorial_downloads" (
	"student_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"progress_status" "progress_status",
	CONSTRAINT "analytics_tutorial_downloads_student_id_lesson_id_pk" PRIMARY KEY("student_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "learning_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learning_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"student_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"type" "learning_event_type" NOT NULL,
	"seconds" integer,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_enrollment_stats" ADD CONSTRAINT "analytics_enrollment_stats_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_enrollment_stats" ADD CONSTRAINT "analytics_enrollment_stats_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_student_activity" ADD CONSTRAINT "analytics_student_activity_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_student_stats" ADD CONSTRAINT "analytics_student_stats_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_tutorial_downloads" ADD CONSTRAINT "analytics_tutorial_downloads_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_tutorial_downloads" ADD CONSTRAINT "analytics_tutorial_downloads_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_events" ADD CONSTRAINT "learning_events_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_events" ADD CONSTRAINT "learning_events_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_enrollment_stats_course_idx" ON "analytics_enrollment_stats" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "analytics_enrollment_stats_enrolled_idx" ON "analytics_enrollment_stats" USING btree ("enrolled_at");--> statement-breakpoint
CREATE INDEX "analytics_tutorial_downloads_lesson_idx" ON "analytics_tutorial_downloads" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "learning_events_student_idx" ON "learning_events" USING btree ("student_id","occurred_at");--> statement-breakpoint
CREATE INDEX "learning_events_lesson_idx" ON "learning_events" USING btree ("lesson_id","occurred_at");--> statement-breakpoint
-- Learning analytics rollups (src/server/db/schema/analytics.ts), kept by the triggers of
-- src/server/db/sql/analytics.sql. The composite types below are the rows those functions pass around.
-- The functions, triggers and views this migration once defined are kept in their current form in
-- src/server/db/sql/analytics.sql, applied at start after the table migrations: migrations change tables and data only.
CREATE TYPE "public"."analytics_activity" AS (student_id uuid, day date, at timestamp with time zone, completed integer, active boolean);--> statement-breakpoint
CREATE TYPE "public"."analytics_progress_delta" AS (
	student_id uuid,
	lesson_id uuid,
	status progress_status,
	completed_at timestamp with time zone,
	created_at timestamp with time zone,
	updated_at timestamp with time zone,
	sign integer
);--> statement-breakpoint
-- The rollups of a database that had data before this migration are computed from its raw tables
-- once the functions exist: the start runs this statement right after applying the SQL files.
INSERT INTO "drizzle"."app_sql_tasks" ("statement") VALUES ('SELECT analytics_rebuild()') ON CONFLICT DO NOTHING;