CREATE TABLE "custody_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"resource_id" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custody_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "local_custody_accounts" (
	"account_index" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "local_custody_accounts_account_index_seq" INCREMENT BY 1 MINVALUE 0 MAXVALUE 2147483647 START WITH 0 CACHE 1),
	"customer_ref_id" text NOT NULL,
	"name" text NOT NULL,
	"auto_fuel" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vault_wallets" (
	"vault_id" uuid NOT NULL,
	"asset_id" text NOT NULL,
	"address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vault_wallets_vault_id_asset_id_pk" PRIMARY KEY("vault_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "vaults" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_vault_id" text,
	"name" text NOT NULL,
	"auto_fuel" boolean NOT NULL,
	"status" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vaults_status_ck" CHECK ("vaults"."status" in ('creating', 'active')),
	CONSTRAINT "vaults_active_has_provider_id_ck" CHECK ("vaults"."status" <> 'active' or "vaults"."provider_vault_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "chain_contracts" (
	"genesis_hash" text NOT NULL,
	"name" text NOT NULL,
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"deploy_tx_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_contracts_genesis_hash_name_pk" PRIMARY KEY("genesis_hash","name")
);
--> statement-breakpoint
CREATE TABLE "chain_journal" (
	"chain_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"raw_tx" text NOT NULL,
	"block_timestamp" bigint NOT NULL,
	"block_number" bigint,
	"block_hash" text,
	"from_address" text,
	"to_address" text,
	"contract_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_journal_chain_id_seq_pk" PRIMARY KEY("chain_id","seq")
);
--> statement-breakpoint
CREATE TABLE "ipfs_blocks" (
	"cid" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"pinned_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_ck" CHECK ("jobs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "kyc_applicants" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"applicant_id" text NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"review_status" text,
	"review_answer" text,
	"reject_type" text,
	"moderation_comment" text,
	"last_event_at" timestamp (3) with time zone,
	"verified_data_sealed" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_applicants_status_ck" CHECK ("kyc_applicants"."status" in ('not_started', 'pending', 'verified', 'rejected', 'rejected_final'))
);
--> statement-breakpoint
CREATE TABLE "kyc_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"applicant_id" text NOT NULL,
	"body_digest" text NOT NULL,
	"type" text NOT NULL,
	"review_status" text,
	"review_answer" text,
	"event_at" timestamp (3) with time zone NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_sandbox_applicants" (
	"id" text PRIMARY KEY NOT NULL,
	"external_user_id" text NOT NULL,
	"level_name" text NOT NULL,
	"review_status" text DEFAULT 'init' NOT NULL,
	"review_answer" text,
	"reject_type" text,
	"moderation_comment" text,
	"info_sealed" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"last_event_at" timestamp (3) with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_sandbox_documents" (
	"applicant_id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"envelope" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_sandbox_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"applicant_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dids" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"did" text NOT NULL,
	"key_envelope" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vault_wallets" ADD CONSTRAINT "vault_wallets_vault_id_vaults_id_fk" FOREIGN KEY ("vault_id") REFERENCES "public"."vaults"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaults" ADD CONSTRAINT "vaults_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_applicants" ADD CONSTRAINT "kyc_applicants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_sandbox_documents" ADD CONSTRAINT "kyc_sandbox_documents_applicant_id_kyc_sandbox_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."kyc_sandbox_applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_sandbox_tokens" ADD CONSTRAINT "kyc_sandbox_tokens_applicant_id_kyc_sandbox_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."kyc_sandbox_applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dids" ADD CONSTRAINT "dids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "local_custody_accounts_customer_ref_uq" ON "local_custody_accounts" USING btree ("customer_ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vaults_user_uq" ON "vaults" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vaults_provider_vault_uq" ON "vaults" USING btree ("provider","provider_vault_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_journal_tx_hash_uq" ON "chain_journal" USING btree ("chain_id","tx_hash");--> statement-breakpoint
CREATE INDEX "chain_journal_from_idx" ON "chain_journal" USING btree ("chain_id","from_address");--> statement-breakpoint
CREATE INDEX "chain_journal_to_idx" ON "chain_journal" USING btree ("chain_id","to_address");--> statement-breakpoint
CREATE INDEX "jobs_runnable_idx" ON "jobs" USING btree ("queue","status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_uq" ON "jobs" USING btree ("queue","dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_applicants_applicant_uq" ON "kyc_applicants" USING btree ("provider","applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_events_dedupe_uq" ON "kyc_events" USING btree ("provider","applicant_id","body_digest");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_sandbox_applicants_external_uq" ON "kyc_sandbox_applicants" USING btree ("external_user_id");--> statement-breakpoint
CREATE INDEX "kyc_sandbox_applicants_review_idx" ON "kyc_sandbox_applicants" USING btree ("review_status","submitted_at");--> statement-breakpoint
CREATE INDEX "kyc_sandbox_tokens_applicant_idx" ON "kyc_sandbox_tokens" USING btree ("applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dids_did_uq" ON "dids" USING btree ("did");