CREATE TABLE "holding_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credential_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_id" uuid NOT NULL,
	"threshold" numeric(78, 0) NOT NULL,
	"disclose_did" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holding_credentials_threshold_ck" CHECK ("holding_credentials"."threshold" > 0)
);
--> statement-breakpoint
ALTER TABLE "holding_credentials" ADD CONSTRAINT "holding_credentials_credential_id_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_credentials" ADD CONSTRAINT "holding_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_credentials" ADD CONSTRAINT "holding_credentials_token_id_issuer_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."issuer_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holding_credentials_credential_uq" ON "holding_credentials" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "holding_credentials_holder_ix" ON "holding_credentials" USING btree ("user_id","token_id");