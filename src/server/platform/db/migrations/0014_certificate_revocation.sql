-- A certificate records an achievement: it stays valid when the student is unenrolled or their
-- account is rejected. Only the admin revokes one, with a reason that the public verification page
-- shows; clearing both columns reinstates it (docs/decisions/016).
ALTER TABLE "certificates" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revocation_reason" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revocation_ck" CHECK (("certificates"."revoked_at" is null) = ("certificates"."revocation_reason" is null));
