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
CREATE UNIQUE INDEX "solana_journal_signature_uq" ON "solana_journal" USING btree ("signature");--> statement-breakpoint
CREATE UNIQUE INDEX "solana_sends_signature_uq" ON "solana_sends" USING btree ("signature");