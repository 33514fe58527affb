CREATE TABLE "redemption_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"window_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"accepted" numeric(78, 0),
	"payment" numeric(78, 0),
	"lock_tx" text,
	"return_tx" text,
	"redeem_tx" text,
	"payment_tx" text,
	"idempotency_key" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redemption_requests_amount_ck" CHECK ("redemption_requests"."amount" > 0),
	CONSTRAINT "redemption_requests_accepted_ck" CHECK ("redemption_requests"."accepted" is null or ("redemption_requests"."accepted" >= 0 and "redemption_requests"."accepted" <= "redemption_requests"."amount"))
);
--> statement-breakpoint
CREATE TABLE "redemption_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_id" uuid NOT NULL,
	"issuer_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"cap" numeric(78, 0) NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "redemption_windows_amounts_ck" CHECK ("redemption_windows"."price" > 0 and "redemption_windows"."cap" > 0),
	CONSTRAINT "redemption_windows_dates_ck" CHECK ("redemption_windows"."closes_at" > "redemption_windows"."opens_at")
);
--> statement-breakpoint
ALTER TABLE "redemption_requests" ADD CONSTRAINT "redemption_requests_window_id_redemption_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."redemption_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_requests" ADD CONSTRAINT "redemption_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_windows" ADD CONSTRAINT "redemption_windows_token_id_issuer_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."issuer_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_windows" ADD CONSTRAINT "redemption_windows_issuer_id_users_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "redemption_requests_user_key_uq" ON "redemption_requests" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "redemption_requests_window_idx" ON "redemption_requests" USING btree ("window_id","created_at");--> statement-breakpoint
CREATE INDEX "redemption_requests_user_idx" ON "redemption_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "redemption_windows_token_idx" ON "redemption_windows" USING btree ("token_id","closes_at");--> statement-breakpoint
CREATE UNIQUE INDEX "redemption_windows_issuer_key_uq" ON "redemption_windows" USING btree ("issuer_id","idempotency_key");