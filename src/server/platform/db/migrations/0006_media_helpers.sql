CREATE TYPE "public"."media_helper" AS ENUM('image', 'speech', 'transcription', 'search');--> statement-breakpoint
CREATE TABLE "media_usage" (
	"user_id" uuid NOT NULL,
	"helper" "media_helper" NOT NULL,
	"day" date NOT NULL,
	"used" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_usage_user_id_helper_day_pk" PRIMARY KEY("user_id","helper","day"),
	CONSTRAINT "media_usage_used_check" CHECK ("media_usage"."used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "thumbnail_candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"prompt" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thumbnail_candidates_size_check" CHECK ("thumbnail_candidates"."size_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "tutor_messages" ADD COLUMN "sources" jsonb;--> statement-breakpoint
ALTER TABLE "media_usage" ADD CONSTRAINT "media_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thumbnail_candidates" ADD CONSTRAINT "thumbnail_candidates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thumbnail_candidates" ADD CONSTRAINT "thumbnail_candidates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "thumbnail_candidates_course_idx" ON "thumbnail_candidates" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "thumbnail_candidates_created_idx" ON "thumbnail_candidates" USING btree ("created_at");