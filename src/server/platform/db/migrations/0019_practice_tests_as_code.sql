-- Tests written as code (a snippet calling the student's functions, with a name and points), the tutor's support files
-- of an exercise, and JUnit grading for Java.
CREATE TABLE "exercise_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exercise_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exercise_tests" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exercise_tests" ADD COLUMN "code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exercise_tests" ADD COLUMN "points" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "grading_mode" text DEFAULT 'tests' NOT NULL;--> statement-breakpoint
ALTER TABLE "exercise_files" ADD CONSTRAINT "exercise_files_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exercise_files_name_idx" ON "exercise_files" USING btree ("exercise_id","name");--> statement-breakpoint
ALTER TABLE "exercise_tests" ADD CONSTRAINT "exercise_tests_points_check" CHECK ("exercise_tests"."points" between 0 and 1000);--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_grading_mode_check" CHECK ("exercises"."grading_mode" in ('tests', 'junit'));