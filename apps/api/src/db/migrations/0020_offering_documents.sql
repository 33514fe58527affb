CREATE TABLE "offering_acknowledgements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_id" uuid NOT NULL,
	"document_hashes" text[] NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offering_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_id" uuid NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"cid" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"tx_hash" text,
	"remove_tx_hash" text,
	"error" text,
	"uploaded_by" uuid NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "offering_documents_status_ck" CHECK ("offering_documents"."status" in ('PENDING', 'CURRENT', 'SUPERSEDED', 'REMOVING', 'REMOVED', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "offering_acknowledgements" ADD CONSTRAINT "offering_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_acknowledgements" ADD CONSTRAINT "offering_acknowledgements_token_id_issuer_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."issuer_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_documents" ADD CONSTRAINT "offering_documents_token_id_issuer_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."issuer_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_documents" ADD CONSTRAINT "offering_documents_cid_ipfs_blocks_cid_fk" FOREIGN KEY ("cid") REFERENCES "public"."ipfs_blocks"("cid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_documents" ADD CONSTRAINT "offering_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offering_acknowledgements_user_idx" ON "offering_acknowledgements" USING btree ("user_id","token_id");--> statement-breakpoint
CREATE INDEX "offering_documents_token_idx" ON "offering_documents" USING btree ("token_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "offering_documents_version_uq" ON "offering_documents" USING btree ("token_id","name","version");--> statement-breakpoint
CREATE UNIQUE INDEX "offering_documents_busy_uq" ON "offering_documents" USING btree ("token_id","name") WHERE "offering_documents"."status" in ('PENDING', 'REMOVING');--> statement-breakpoint
CREATE UNIQUE INDEX "offering_documents_key_uq" ON "offering_documents" USING btree ("token_id","uploaded_by","idempotency_key");