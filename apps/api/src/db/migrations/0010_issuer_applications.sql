CREATE TABLE "issuer_applications" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"organisation_name" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "issuer_applications_status_ck" CHECK ("issuer_applications"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "issuer_applications" ADD CONSTRAINT "issuer_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuer_applications" ADD CONSTRAINT "issuer_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issuer_applications_status_idx" ON "issuer_applications" USING btree ("status","submitted_at");--> statement-breakpoint
-- The demo issuer of an existing portal stays pre-approved (ADR 55); other issuers apply.
INSERT INTO "issuer_applications" ("user_id", "organisation_name", "status", "decided_at")
SELECT "id", 'Demo Issuer', 'approved', now() FROM "users" WHERE "email" = 'demo-issuer@portal.localhost' AND "role" = 'issuer'
ON CONFLICT DO NOTHING;
