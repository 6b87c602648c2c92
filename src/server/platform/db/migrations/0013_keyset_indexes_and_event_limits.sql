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
CREATE INDEX "learning_events_occurred_brin_idx" ON "learning_events" USING brin ("occurred_at");
-- The functions, triggers and views this migration once defined are kept in their current form in
-- src/server/db/sql/learning-events.sql and analytics.sql, applied at start after the table migrations: migrations change tables and data only.
