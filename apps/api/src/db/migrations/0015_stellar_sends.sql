CREATE TABLE "stellar_sends" (
	"key" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"account" text NOT NULL,
	"sequence" text NOT NULL,
	"envelope_xdr" text NOT NULL,
	"max_time" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stellar_sends_hash_uq" ON "stellar_sends" USING btree ("hash");