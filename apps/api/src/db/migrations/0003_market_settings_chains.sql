CREATE TABLE "chain_senders" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"holder" text,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_senders_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "chain_sends" (
	"chain_id" integer NOT NULL,
	"key" text NOT NULL,
	"from_address" text NOT NULL,
	"nonce" bigint NOT NULL,
	"to_address" text,
	"data" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"raw_tx" text NOT NULL,
	"tx_hash" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_sends_chain_id_key_pk" PRIMARY KEY("chain_id","key")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_route_key_pk" PRIMARY KEY("user_id","route","key")
);
--> statement-breakpoint
CREATE TABLE "issuer_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"token_type" text NOT NULL,
	"asset_category" text NOT NULL,
	"decimals" integer NOT NULL,
	"total_supply" numeric(78, 0) NOT NULL,
	"blockchain" text NOT NULL,
	"treasury_address" text NOT NULL,
	"status" text DEFAULT 'CREATING' NOT NULL,
	"contract_address" text,
	"next_item" integer DEFAULT 1 NOT NULL,
	"deploy_tx_hash" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issuer_tokens_supply_ck" CHECK ("issuer_tokens"."total_supply" > 0)
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_id" uuid NOT NULL,
	"issuer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_amount" numeric(78, 0) NOT NULL,
	"reserved" numeric(78, 0) DEFAULT '0' NOT NULL,
	"sold" numeric(78, 0) DEFAULT '0' NOT NULL,
	"returned" numeric(78, 0) DEFAULT '0' NOT NULL,
	"price_wei" numeric(78, 0) NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"first_item" integer,
	"escrow_ref" text,
	"tx_hash" text,
	"close_tx_hash" text,
	"error" text,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_reserved_ck" CHECK ("listings"."reserved" >= 0 and "listings"."reserved" <= "listings"."token_amount"),
	CONSTRAINT "listings_sold_ck" CHECK ("listings"."sold" >= 0 and "listings"."sold" <= "listings"."reserved"),
	CONSTRAINT "listings_amount_ck" CHECK ("listings"."token_amount" > 0 and "listings"."price_wei" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"token_id" uuid NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"cost_wei" numeric(78, 0) NOT NULL,
	"investor_did" text NOT NULL,
	"delivery_address" text NOT NULL,
	"payment_address" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"payment_tx_hash" text,
	"delivery_tx_hash" text,
	"item_ids" jsonb,
	"vc_cid" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "purchases_amount_ck" CHECK ("purchases"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "solana_journal" (
	"seq" integer PRIMARY KEY NOT NULL,
	"signature" text NOT NULL,
	"wire_tx" text NOT NULL,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solana_sends" (
	"key" text PRIMARY KEY NOT NULL,
	"signature" text NOT NULL,
	"wire_tx" text NOT NULL,
	"blockhash" text NOT NULL,
	"last_valid_block_height" bigint NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"company" text,
	"theme" text,
	"language" text,
	"notify_email" boolean DEFAULT true NOT NULL,
	"notify_sms" boolean DEFAULT true NOT NULL,
	"notify_wallet" boolean DEFAULT true NOT NULL,
	"login_alerts" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_settings_theme_ck" CHECK ("account_settings"."theme" in ('light', 'dark')),
	CONSTRAINT "account_settings_language_ck" CHECK ("account_settings"."language" in ('en', 'ar', 'fr'))
);
--> statement-breakpoint
CREATE TABLE "avatars" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "linked_wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"chain_id" integer NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"ticket_hash" text NOT NULL,
	"mode" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "siwe_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret_sealed" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuer_tokens" ADD CONSTRAINT "issuer_tokens_issuer_id_users_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_token_id_issuer_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."issuer_tokens"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_issuer_id_users_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_token_id_issuer_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."issuer_tokens"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_settings" ADD CONSTRAINT "account_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linked_wallets" ADD CONSTRAINT "linked_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD CONSTRAINT "sign_in_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siwe_nonces" ADD CONSTRAINT "siwe_nonces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_sends_tx_hash_uq" ON "chain_sends" USING btree ("chain_id","tx_hash");--> statement-breakpoint
CREATE INDEX "chain_sends_pending_idx" ON "chain_sends" USING btree ("chain_id","from_address","nonce") WHERE status = 'signed';--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "issuer_tokens_issuer_idx" ON "issuer_tokens" USING btree ("issuer_id","created_at");--> statement-breakpoint
CREATE INDEX "listings_created_idx" ON "listings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "listings_token_idx" ON "listings" USING btree ("token_id");--> statement-breakpoint
CREATE INDEX "listings_issuer_idx" ON "listings" USING btree ("issuer_id","created_at");--> statement-breakpoint
CREATE INDEX "purchases_user_idx" ON "purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "purchases_listing_idx" ON "purchases" USING btree ("listing_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "solana_journal_signature_uq" ON "solana_journal" USING btree ("signature");--> statement-breakpoint
CREATE UNIQUE INDEX "solana_sends_signature_uq" ON "solana_sends" USING btree ("signature");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "linked_wallets_user_address_uq" ON "linked_wallets" USING btree ("user_id","address");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_user_hash_uq" ON "recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_challenges_ticket_uq" ON "sign_in_challenges" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "siwe_nonces_user_idx" ON "siwe_nonces" USING btree ("user_id");