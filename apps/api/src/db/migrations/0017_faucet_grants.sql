CREATE TABLE "faucet_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"asset" text NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"tx_hash" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "faucet_grants_status_ck" CHECK ("faucet_grants"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "faucet_grants_amount_ck" CHECK ("faucet_grants"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "faucet_grants" ADD CONSTRAINT "faucet_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "faucet_grants_user_key_uq" ON "faucet_grants" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "faucet_grants_user_asset_idx" ON "faucet_grants" USING btree ("user_id","asset","created_at");