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
CREATE UNIQUE INDEX "chain_sends_tx_hash_uq" ON "chain_sends" USING btree ("chain_id","tx_hash");--> statement-breakpoint
CREATE INDEX "chain_sends_pending_idx" ON "chain_sends" USING btree ("chain_id","from_address","nonce") WHERE status = 'signed';