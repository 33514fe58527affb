CREATE TABLE "distribution_batches" (
	"distribution_id" uuid NOT NULL,
	"batch" integer NOT NULL,
	"holders" integer NOT NULL,
	"total" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"tx_hash" text,
	"gas_used" numeric(78, 0),
	"paid_at" timestamp with time zone,
	CONSTRAINT "distribution_batches_distribution_id_batch_pk" PRIMARY KEY("distribution_id","batch")
);
--> statement-breakpoint
CREATE TABLE "distribution_holders" (
	"distribution_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"payee" text NOT NULL,
	"balance" numeric(78, 0) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"batch" integer NOT NULL,
	"paid_at" timestamp with time zone,
	"vc_cid" text,
	"notified_at" timestamp with time zone,
	CONSTRAINT "distribution_holders_distribution_id_user_id_pk" PRIMARY KEY("distribution_id","user_id"),
	CONSTRAINT "distribution_holders_amount_ck" CHECK ("distribution_holders"."balance" > 0 and "distribution_holders"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "distributions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_id" uuid NOT NULL,
	"issuer_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"currency" text NOT NULL,
	"basis" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"record_date" timestamp with time zone NOT NULL,
	"payment_date" timestamp with time zone NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"snapshot_balance" numeric(78, 0),
	"total" numeric(78, 0),
	"holder_count" integer,
	"paid" numeric(78, 0) DEFAULT '0' NOT NULL,
	"remainder" numeric(78, 0),
	"snapshot_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributions_amount_ck" CHECK ("distributions"."amount" > 0),
	CONSTRAINT "distributions_dates_ck" CHECK ("distributions"."record_date" <= "distributions"."payment_date"),
	CONSTRAINT "distributions_paid_ck" CHECK ("distributions"."paid" >= 0 and ("distributions"."total" is null or "distributions"."paid" <= "distributions"."total"))
);
--> statement-breakpoint
ALTER TABLE "distribution_batches" ADD CONSTRAINT "distribution_batches_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_holders" ADD CONSTRAINT "distribution_holders_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_holders" ADD CONSTRAINT "distribution_holders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_token_id_issuer_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."issuer_tokens"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_issuer_id_users_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distribution_holders_user_idx" ON "distribution_holders" USING btree ("user_id","paid_at");--> statement-breakpoint
CREATE INDEX "distribution_holders_batch_idx" ON "distribution_holders" USING btree ("distribution_id","batch");--> statement-breakpoint
CREATE UNIQUE INDEX "distributions_issuer_key_uq" ON "distributions" USING btree ("issuer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "distributions_token_idx" ON "distributions" USING btree ("token_id","created_at");