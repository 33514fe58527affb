CREATE TABLE "token_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sender_id" uuid NOT NULL,
	"from_address" text NOT NULL,
	"recipient_id" uuid NOT NULL,
	"to_address" text NOT NULL,
	"handle" text,
	"amount" numeric(78, 0) NOT NULL,
	"item_id" numeric(78, 0),
	"status" text NOT NULL,
	"tx_hash" text,
	"error" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "token_transfers_amount_ck" CHECK ("token_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "transfer_handles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_handles_handle_unique" UNIQUE("handle")
);
--> statement-breakpoint
ALTER TABLE "token_transfers" ADD CONSTRAINT "token_transfers_token_id_issuer_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."issuer_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_transfers" ADD CONSTRAINT "token_transfers_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_transfers" ADD CONSTRAINT "token_transfers_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_handles" ADD CONSTRAINT "transfer_handles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "token_transfers_sender_key_uq" ON "token_transfers" USING btree ("sender_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "token_transfers_sender_idx" ON "token_transfers" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "token_transfers_recipient_idx" ON "token_transfers" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "token_transfers_token_idx" ON "token_transfers" USING btree ("token_id","status");