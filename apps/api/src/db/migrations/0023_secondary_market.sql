CREATE TABLE "secondary_fills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"token_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"buyer_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"total" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"tx_hash" text,
	"idempotency_key" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "secondary_fills_amounts_ck" CHECK ("secondary_fills"."amount" > 0 and "secondary_fills"."total" = "secondary_fills"."amount" * "secondary_fills"."price")
);
--> statement-breakpoint
CREATE TABLE "secondary_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"remaining" numeric(78, 0) NOT NULL,
	"filled" numeric(78, 0) DEFAULT '0' NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"listing_id" numeric(78, 0),
	"lock_tx" text,
	"return_tx" text,
	"returned" numeric(78, 0),
	"idempotency_key" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "secondary_orders_amounts_ck" CHECK ("secondary_orders"."amount" > 0 and "secondary_orders"."price" > 0),
	CONSTRAINT "secondary_orders_remaining_ck" CHECK ("secondary_orders"."remaining" >= 0 and "secondary_orders"."filled" >= 0 and "secondary_orders"."remaining" + "secondary_orders"."filled" <= "secondary_orders"."amount")
);
--> statement-breakpoint
ALTER TABLE "secondary_fills" ADD CONSTRAINT "secondary_fills_order_id_secondary_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."secondary_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_fills" ADD CONSTRAINT "secondary_fills_token_id_issuer_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."issuer_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_fills" ADD CONSTRAINT "secondary_fills_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_orders" ADD CONSTRAINT "secondary_orders_token_id_issuer_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."issuer_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_orders" ADD CONSTRAINT "secondary_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "secondary_fills_buyer_key_uq" ON "secondary_fills" USING btree ("buyer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "secondary_fills_order_idx" ON "secondary_fills" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "secondary_fills_token_idx" ON "secondary_fills" USING btree ("token_id","status","settled_at");--> statement-breakpoint
CREATE INDEX "secondary_fills_buyer_idx" ON "secondary_fills" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "secondary_orders_user_key_uq" ON "secondary_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "secondary_orders_book_idx" ON "secondary_orders" USING btree ("token_id","status","price","created_at");--> statement-breakpoint
CREATE INDEX "secondary_orders_user_idx" ON "secondary_orders" USING btree ("user_id","created_at");