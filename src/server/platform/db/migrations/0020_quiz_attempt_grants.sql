CREATE TABLE "quiz_attempt_grants" (
	"quiz_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"extra_attempts" integer DEFAULT 0 NOT NULL,
	"attempts_before_reset" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_attempt_grants_quiz_id_student_id_pk" PRIMARY KEY("quiz_id","student_id"),
	CONSTRAINT "quiz_attempt_grants_extra_check" CHECK ("quiz_attempt_grants"."extra_attempts" >= 0),
	CONSTRAINT "quiz_attempt_grants_reset_check" CHECK ("quiz_attempt_grants"."attempts_before_reset" >= 0)
);
--> statement-breakpoint
ALTER TABLE "quiz_attempt_grants" ADD CONSTRAINT "quiz_attempt_grants_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempt_grants" ADD CONSTRAINT "quiz_attempt_grants_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_attempt_grants_student_idx" ON "quiz_attempt_grants" USING btree ("student_id");