CREATE TABLE "deadline_extensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"chapter_id" uuid,
	"exercise_id" uuid,
	"quiz_id" uuid,
	"due_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"granted_by" uuid,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deadline_extensions_one_item" CHECK (num_nonnulls("deadline_extensions"."chapter_id", "deadline_extensions"."exercise_id", "deadline_extensions"."quiz_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "due_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"exercise_id" uuid,
	"quiz_id" uuid,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "due_reminders_one_item" CHECK (num_nonnulls("due_reminders"."exercise_id", "due_reminders"."quiz_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "grade_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"exercise_id" uuid,
	"quiz_id" uuid,
	"score" integer NOT NULL,
	"reason" text NOT NULL,
	"overridden_by" uuid,
	"overridden_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grade_overrides_one_item" CHECK (num_nonnulls("grade_overrides"."exercise_id", "grade_overrides"."quiz_id") = 1),
	CONSTRAINT "grade_overrides_score_check" CHECK ("grade_overrides"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "school_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_settings_one_row" CHECK ("school_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "release_after_days" integer;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "late_policy" text DEFAULT 'accept' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "late_penalty_per_day" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "late_penalty_cap" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "hidden_tests_after_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "exercises_weight" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "quizzes_weight" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "exercise_submissions" ADD COLUMN "points_earned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exercise_submissions" ADD COLUMN "points_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "due_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_state" ADD COLUMN "due_reminders_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deadline_extensions" ADD CONSTRAINT "deadline_extensions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_extensions" ADD CONSTRAINT "deadline_extensions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_extensions" ADD CONSTRAINT "deadline_extensions_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_extensions" ADD CONSTRAINT "deadline_extensions_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_extensions" ADD CONSTRAINT "deadline_extensions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_extensions" ADD CONSTRAINT "deadline_extensions_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "due_reminders" ADD CONSTRAINT "due_reminders_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "due_reminders" ADD CONSTRAINT "due_reminders_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "due_reminders" ADD CONSTRAINT "due_reminders_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_overrides" ADD CONSTRAINT "grade_overrides_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_overrides" ADD CONSTRAINT "grade_overrides_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_overrides" ADD CONSTRAINT "grade_overrides_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_overrides" ADD CONSTRAINT "grade_overrides_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_overrides" ADD CONSTRAINT "grade_overrides_overridden_by_users_id_fk" FOREIGN KEY ("overridden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deadline_extensions_item_uq" ON "deadline_extensions" USING btree ("student_id",coalesce("chapter_id", "exercise_id", "quiz_id"));--> statement-breakpoint
CREATE INDEX "deadline_extensions_course_idx" ON "deadline_extensions" USING btree ("course_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "due_reminders_item_uq" ON "due_reminders" USING btree ("student_id",coalesce("exercise_id", "quiz_id"),"due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "grade_overrides_item_uq" ON "grade_overrides" USING btree ("student_id",coalesce("exercise_id", "quiz_id"));--> statement-breakpoint
CREATE INDEX "grade_overrides_course_idx" ON "grade_overrides" USING btree ("course_id");--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_release_check" CHECK ("chapters"."release_at" is null or "chapters"."release_after_days" is null);--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_release_after_days_check" CHECK ("chapters"."release_after_days" is null or "chapters"."release_after_days" between 0 and 3650);--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_due_after_release_check" CHECK ("chapters"."due_at" is null or "chapters"."release_at" is null or "chapters"."due_at" >= "chapters"."release_at");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_late_policy_check" CHECK ("courses"."late_policy" in ('accept', 'penalty', 'closed'));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_late_penalty_check" CHECK ("courses"."late_penalty_per_day" between 0 and 100 and "courses"."late_penalty_cap" between 0 and 100);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_grade_weights_check" CHECK ("courses"."exercises_weight" >= 0 and "courses"."quizzes_weight" >= 0 and "courses"."exercises_weight" + "courses"."quizzes_weight" > 0);--> statement-breakpoint
INSERT INTO "school_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The points of the submissions graded before points were kept in their own columns, from their stored tests (the
-- student's own input counts for nothing, a test without points counts one).
UPDATE "exercise_submissions" s SET
	"points_total" = coalesce((SELECT sum(coalesce((t->>'points')::int, 1)) FROM jsonb_array_elements(s.results) t
		WHERE NOT coalesce((t->>'custom')::boolean, false)), 0),
	"points_earned" = coalesce((SELECT sum(coalesce((t->>'points')::int, 1)) FROM jsonb_array_elements(s.results) t
		WHERE NOT coalesce((t->>'custom')::boolean, false) AND coalesce((t->>'passed')::boolean, false)), 0)
WHERE s.status = 'done' AND jsonb_typeof(s.results) = 'array';
