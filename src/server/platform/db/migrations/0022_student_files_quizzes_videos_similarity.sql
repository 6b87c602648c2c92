CREATE TABLE "similarity_checks" (
	"exercise_id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"status" text NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"threshold" integer NOT NULL,
	"error" text,
	"finished_at" timestamp with time zone,
	"result_threshold" integer,
	"compared" integer,
	"pairs_above" integer,
	CONSTRAINT "similarity_checks_status_check" CHECK ("similarity_checks"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "similarity_pairs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exercise_id" uuid NOT NULL,
	"left_submission_id" uuid NOT NULL,
	"right_submission_id" uuid NOT NULL,
	"similarity" real NOT NULL,
	"fragments" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exercise_drafts" ADD COLUMN "student_files" jsonb;--> statement-breakpoint
ALTER TABLE "exercise_files" ADD COLUMN "editable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exercise_files" ADD COLUMN "reference_content" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exercise_submissions" ADD COLUMN "student_files" jsonb;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "explanations_shown" text DEFAULT 'at_end' NOT NULL;--> statement-breakpoint
ALTER TABLE "video_progress" ADD COLUMN "unplayable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "video_progress" ADD COLUMN "unplayable_reason" text;--> statement-breakpoint
ALTER TABLE "backup_runs" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "backup_runs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "similarity_checks" ADD CONSTRAINT "similarity_checks_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "similarity_checks" ADD CONSTRAINT "similarity_checks_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "similarity_pairs" ADD CONSTRAINT "similarity_pairs_exercise_id_similarity_checks_exercise_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."similarity_checks"("exercise_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "similarity_pairs" ADD CONSTRAINT "similarity_pairs_left_submission_id_exercise_submissions_id_fk" FOREIGN KEY ("left_submission_id") REFERENCES "public"."exercise_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "similarity_pairs" ADD CONSTRAINT "similarity_pairs_right_submission_id_exercise_submissions_id_fk" FOREIGN KEY ("right_submission_id") REFERENCES "public"."exercise_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "similarity_pairs_exercise_idx" ON "similarity_pairs" USING btree ("exercise_id","similarity");--> statement-breakpoint
CREATE INDEX "similarity_pairs_left_idx" ON "similarity_pairs" USING btree ("left_submission_id");--> statement-breakpoint
CREATE INDEX "similarity_pairs_right_idx" ON "similarity_pairs" USING btree ("right_submission_id");--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_explanations_shown_check" CHECK ("quizzes"."explanations_shown" in ('each_attempt', 'at_end'));--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_unplayable_reason_check" CHECK ("video_progress"."unplayable_reason" is null or "video_progress"."unplayable_reason" in ('error', 'timeout'));