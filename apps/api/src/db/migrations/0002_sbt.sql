CREATE TABLE "sbts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"image_id" text NOT NULL,
	"holder_address" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"mint_runs" integer DEFAULT 0 NOT NULL,
	"vc_cid" text,
	"contract_address" text,
	"token_id" numeric(78, 0),
	"tx_hash" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"minted_at" timestamp with time zone,
	CONSTRAINT "sbts_status_ck" CHECK ("sbts"."status" in ('created', 'minting', 'minted', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "sbts" ADD CONSTRAINT "sbts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sbts_user_uq" ON "sbts" USING btree ("user_id");