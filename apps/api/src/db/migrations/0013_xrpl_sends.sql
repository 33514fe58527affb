CREATE TABLE "xrpl_sends" (
	"key" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"account" text NOT NULL,
	"sequence" integer NOT NULL,
	"tx_blob" text NOT NULL,
	"last_ledger_sequence" integer NOT NULL,
	"status" text NOT NULL,
	"result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "xrpl_sends_hash_uq" ON "xrpl_sends" USING btree ("hash");