CREATE TABLE "accreditations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"accredited" boolean NOT NULL,
	"decided_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_registrations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"identity_key" text NOT NULL,
	"country" text,
	"valid_until" timestamp with time zone NOT NULL,
	"accredited" boolean DEFAULT false NOT NULL,
	"wallets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revoked_at" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_id" uuid NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"holder_id" uuid,
	"address" text,
	"to_address" text,
	"to_holder_id" uuid,
	"amount" numeric(78, 0),
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid,
	"idempotency_key" text,
	"tx_hash" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_holdings" (
	"token_id" uuid NOT NULL,
	"address" text NOT NULL,
	"user_id" uuid NOT NULL,
	"balance" numeric(78, 0) DEFAULT '0' NOT NULL,
	"frozen" numeric(78, 0) DEFAULT '0' NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_holdings_token_id_address_pk" PRIMARY KEY("token_id","address"),
	CONSTRAINT "token_holdings_amounts_ck" CHECK ("token_holdings"."balance" >= 0 and "token_holdings"."frozen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "token_rules" (
	"token_id" uuid PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"pause_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accreditations" ADD CONSTRAINT "accreditations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accreditations" ADD CONSTRAINT "accreditations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_registrations" ADD CONSTRAINT "identity_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_actions" ADD CONSTRAINT "token_actions_token_id_issuer_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."issuer_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_actions" ADD CONSTRAINT "token_actions_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_actions" ADD CONSTRAINT "token_actions_to_holder_id_users_id_fk" FOREIGN KEY ("to_holder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_actions" ADD CONSTRAINT "token_actions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_holdings" ADD CONSTRAINT "token_holdings_token_id_issuer_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."issuer_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_holdings" ADD CONSTRAINT "token_holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_rules" ADD CONSTRAINT "token_rules_token_id_issuer_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."issuer_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "token_actions_token_idx" ON "token_actions" USING btree ("token_id","created_at");--> statement-breakpoint
CREATE INDEX "token_actions_holder_idx" ON "token_actions" USING btree ("holder_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "token_actions_key_uq" ON "token_actions" USING btree ("token_id","requested_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "token_holdings_user_idx" ON "token_holdings" USING btree ("user_id");--> statement-breakpoint
-- The books start from what was delivered before rules existed.
INSERT INTO "token_holdings" ("token_id", "address", "user_id", "balance")
SELECT "token_id", "delivery_address", (array_agg("user_id"))[1], sum("amount")
FROM "purchases" WHERE "status" = 'COMPLETED' GROUP BY "token_id", "delivery_address";
