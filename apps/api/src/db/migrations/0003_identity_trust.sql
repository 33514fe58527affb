CREATE TABLE "credential_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credential_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"cid" text,
	"type" text NOT NULL,
	"status_list" integer NOT NULL,
	"status_index" integer NOT NULL,
	"revoked_at" timestamp with time zone,
	"revocation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credentials_status_index_ck" CHECK ("credentials"."status_index" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sbts" DROP CONSTRAINT "sbts_status_ck";--> statement-breakpoint
DROP INDEX "sbts_user_uq";--> statement-breakpoint
ALTER TABLE "ipfs_blocks" ADD COLUMN "owner_user_id" uuid;--> statement-breakpoint
ALTER TABLE "sbts" ADD COLUMN "revoke_tx_hash" text;--> statement-breakpoint
ALTER TABLE "sbts" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credential_shares" ADD CONSTRAINT "credential_shares_credential_id_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_shares" ADD CONSTRAINT "credential_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credential_shares_token_uq" ON "credential_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "credential_shares_user_ix" ON "credential_shares" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_cid_uq" ON "credentials" USING btree ("cid");--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_status_uq" ON "credentials" USING btree ("status_list","status_index");--> statement-breakpoint
CREATE INDEX "credentials_user_ix" ON "credentials" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "ipfs_blocks" ADD CONSTRAINT "ipfs_blocks_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sbts_user_active_uq" ON "sbts" USING btree ("user_id") WHERE "sbts"."status" <> 'revoked';--> statement-breakpoint
ALTER TABLE "sbts" ADD CONSTRAINT "sbts_status_ck" CHECK ("sbts"."status" in ('created', 'minting', 'minted', 'failed', 'revoked'));