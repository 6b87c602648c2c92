CREATE TABLE "ai_tutor_allowances" (
	"course_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"daily_messages" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_tutor_allowances_course_id_student_id_pk" PRIMARY KEY("course_id","student_id"),
	CONSTRAINT "ai_tutor_allowances_daily_check" CHECK ("ai_tutor_allowances"."daily_messages" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "question_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "question_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"thread_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"exercise_id" uuid,
	"code" text,
	"result" jsonb,
	"ai_conversation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"awaiting_tutor_since" timestamp with time zone,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "review_comments_line_check" CHECK ("review_comments"."line" >= 1)
);
--> statement-breakpoint
CREATE TABLE "saved_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"exercise_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"overall_comment" text DEFAULT '' NOT NULL,
	"draft_overall_comment" text,
	"send_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"file" text,
	"size_bytes" bigint,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "ai_tutor_daily_messages" integer;--> statement-breakpoint
ALTER TABLE "tutor_messages" ADD COLUMN "hint_level" smallint;--> statement-breakpoint
ALTER TABLE "tutor_messages" ADD COLUMN "guard_outcome" text;--> statement-breakpoint
ALTER TABLE "tutor_messages" ADD COLUMN "withheld_content" text;--> statement-breakpoint
ALTER TABLE "ai_tutor_allowances" ADD CONSTRAINT "ai_tutor_allowances_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_tutor_allowances" ADD CONSTRAINT "ai_tutor_allowances_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_messages" ADD CONSTRAINT "question_messages_thread_id_question_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."question_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_messages" ADD CONSTRAINT "question_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_threads" ADD CONSTRAINT "question_threads_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_threads" ADD CONSTRAINT "question_threads_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_threads" ADD CONSTRAINT "question_threads_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_threads" ADD CONSTRAINT "question_threads_ai_conversation_id_tutor_conversations_id_fk" FOREIGN KEY ("ai_conversation_id") REFERENCES "public"."tutor_conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_review_id_submission_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."submission_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_reviews" ADD CONSTRAINT "submission_reviews_submission_id_exercise_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."exercise_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_reviews" ADD CONSTRAINT "submission_reviews_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_reviews" ADD CONSTRAINT "submission_reviews_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_reviews" ADD CONSTRAINT "submission_reviews_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_runs" ADD CONSTRAINT "backup_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_tutor_allowances_student_idx" ON "ai_tutor_allowances" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "question_messages_thread_idx" ON "question_messages" USING btree ("thread_id","seq");--> statement-breakpoint
CREATE INDEX "question_threads_student_lesson_idx" ON "question_threads" USING btree ("student_id","lesson_id");--> statement-breakpoint
CREATE INDEX "question_threads_awaiting_idx" ON "question_threads" USING btree ("awaiting_tutor_since") WHERE "question_threads"."awaiting_tutor_since" is not null and "question_threads"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "question_threads_last_message_idx" ON "question_threads" USING btree ("last_message_at");--> statement-breakpoint
CREATE INDEX "review_comments_review_idx" ON "review_comments" USING btree ("review_id","line");--> statement-breakpoint
CREATE UNIQUE INDEX "submission_reviews_submission_idx" ON "submission_reviews" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "submission_reviews_student_lesson_idx" ON "submission_reviews" USING btree ("student_id","lesson_id");--> statement-breakpoint
CREATE INDEX "user_notifications_user_idx" ON "user_notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_notifications_unread_idx" ON "user_notifications" USING btree ("user_id") WHERE "user_notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "backup_runs_requested_idx" ON "backup_runs" USING btree ("requested_at");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_ai_tutor_daily_messages_check" CHECK ("courses"."ai_tutor_daily_messages" is null or "courses"."ai_tutor_daily_messages" between 0 and 1000);