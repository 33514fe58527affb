CREATE TABLE "admin_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid,
	"admin_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_created_idx" ON "admin_audit" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "jobs" USING btree ("updated_at") WHERE status = 'failed';--> statement-breakpoint
-- Workers may run in other processes (npm run worker): a new job, or a failed one an
-- administrator queued again, wakes them at once instead of at their next poll.
CREATE FUNCTION portal_notify_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_jobs', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_notify_insert AFTER INSERT ON "jobs" FOR EACH STATEMENT
  EXECUTE FUNCTION portal_notify_jobs();
--> statement-breakpoint
CREATE TRIGGER jobs_notify_requeue AFTER UPDATE OF "status" ON "jobs" FOR EACH ROW
  WHEN (OLD.status = 'failed' AND NEW.status = 'queued')
  EXECUTE FUNCTION portal_notify_jobs();
