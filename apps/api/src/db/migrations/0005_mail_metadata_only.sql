ALTER TABLE "mail_outbox" DROP COLUMN "text";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "html";