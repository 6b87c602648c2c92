CREATE TYPE "public"."exercise_language" AS ENUM('c', 'java', 'javascript', 'webgl');--> statement-breakpoint
CREATE TYPE "public"."submission_purpose" AS ENUM('run', 'submit', 'reference');--> statement-breakpoint
CREATE TABLE "exercise_drafts" (
	"student_id" uuid NOT NULL,
	"exercise_id" uuid NOT NULL,
	"code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_drafts_student_id_exercise_id_pk" PRIMARY KEY("student_id","exercise_id")
);
--> statement-breakpoint
CREATE TABLE "exercise_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exercise_id" uuid,
	"lesson_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "submission_purpose" NOT NULL,
	"preview" boolean DEFAULT false NOT NULL,
	"code" text NOT NULL,
	"spec" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"verdict" text,
	"passed_count" integer DEFAULT 0 NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"results" jsonb,
	"test_passed" jsonb,
	"compile_output" text,
	"diagnostics" jsonb,
	"summary" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"worker_id" text,
	"heartbeat_at" timestamp with time zone,
	"lesson_completed" boolean DEFAULT false NOT NULL,
	"course_just_completed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "exercise_submissions_status_check" CHECK ("exercise_submissions"."status" in ('queued', 'running', 'done'))
);
--> statement-breakpoint
CREATE TABLE "exercise_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exercise_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"input" text NOT NULL,
	"expected_output" text NOT NULL,
	"match" text DEFAULT 'trailing_whitespace' NOT NULL,
	"expected_exit_code" integer,
	"hidden" boolean DEFAULT false NOT NULL,
	CONSTRAINT "exercise_tests_match_check" CHECK ("exercise_tests"."match" in ('exact', 'trailing_whitespace'))
);
--> statement-breakpoint
CREATE TABLE "exercises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lesson_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"statement" text DEFAULT '' NOT NULL,
	"language" "exercise_language" NOT NULL,
	"starter_code" text DEFAULT '' NOT NULL,
	"reference_solution" text NOT NULL,
	"time_limit_ms" integer DEFAULT 2000 NOT NULL,
	"memory_limit_mb" integer DEFAULT 128 NOT NULL,
	"output_limit_kb" integer DEFAULT 64 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exercise_drafts" ADD CONSTRAINT "exercise_drafts_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_drafts" ADD CONSTRAINT "exercise_drafts_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_submissions" ADD CONSTRAINT "exercise_submissions_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_submissions" ADD CONSTRAINT "exercise_submissions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_submissions" ADD CONSTRAINT "exercise_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_tests" ADD CONSTRAINT "exercise_tests_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exercise_drafts_exercise_idx" ON "exercise_drafts" USING btree ("exercise_id");--> statement-breakpoint
CREATE INDEX "exercise_submissions_exercise_user_idx" ON "exercise_submissions" USING btree ("exercise_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "exercise_submissions_user_created_idx" ON "exercise_submissions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "exercise_submissions_open_idx" ON "exercise_submissions" USING btree ("status","created_at") WHERE "exercise_submissions"."status" <> 'done';--> statement-breakpoint
CREATE INDEX "exercise_tests_exercise_idx" ON "exercise_tests" USING btree ("exercise_id","position");--> statement-breakpoint
CREATE INDEX "exercises_lesson_idx" ON "exercises" USING btree ("lesson_id","position");