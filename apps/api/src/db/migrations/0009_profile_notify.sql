-- Every process may keep users' profiles in memory (ADR 49); these triggers tell all of them,
-- after commit, when anything a profile shows changes, whoever wrote it. The payload is the user id.
CREATE FUNCTION portal_notify_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('portal_profiles', OLD.user_id::text); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('portal_profiles', NEW.user_id::text); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_notify_profile_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_profiles', OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_notify_profile_of_vault() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_profiles', vaults.user_id::text)
    FROM vaults WHERE vaults.id IN (OLD.vault_id, NEW.vault_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_notify_profile AFTER UPDATE OF "name", "email", "role" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION portal_notify_profile_of_user();
--> statement-breakpoint
CREATE TRIGGER account_settings_notify_profile AFTER INSERT OR UPDATE OF "theme", "language" OR DELETE
  ON "account_settings" FOR EACH ROW EXECUTE FUNCTION portal_notify_profile();
--> statement-breakpoint
CREATE TRIGGER avatars_notify_profile AFTER INSERT OR UPDATE OR DELETE ON "avatars"
  FOR EACH ROW EXECUTE FUNCTION portal_notify_profile();
--> statement-breakpoint
CREATE TRIGGER kyc_applicants_notify_profile AFTER INSERT OR UPDATE OR DELETE ON "kyc_applicants"
  FOR EACH ROW EXECUTE FUNCTION portal_notify_profile();
--> statement-breakpoint
CREATE TRIGGER dids_notify_profile AFTER INSERT OR UPDATE OR DELETE ON "dids"
  FOR EACH ROW EXECUTE FUNCTION portal_notify_profile();
--> statement-breakpoint
CREATE TRIGGER vaults_notify_profile AFTER INSERT OR UPDATE OR DELETE ON "vaults"
  FOR EACH ROW EXECUTE FUNCTION portal_notify_profile();
--> statement-breakpoint
CREATE TRIGGER vault_wallets_notify_profile AFTER INSERT OR UPDATE OR DELETE ON "vault_wallets"
  FOR EACH ROW EXECUTE FUNCTION portal_notify_profile_of_vault();
