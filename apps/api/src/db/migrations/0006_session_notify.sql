-- Every process may keep live sessions in memory (ADR 36); these triggers tell all of them, after
-- commit, when a session stops being live or its user's role or state changes.
CREATE FUNCTION portal_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_sessions', 's:' || OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_sessions', 'u:' || OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW
  EXECUTE FUNCTION portal_notify_session();
--> statement-breakpoint
CREATE TRIGGER users_notify_update AFTER UPDATE OF "role", "deactivated_at" ON "users" FOR EACH ROW
  EXECUTE FUNCTION portal_notify_user();
--> statement-breakpoint
CREATE TRIGGER users_notify_delete AFTER DELETE ON "users" FOR EACH ROW
  EXECUTE FUNCTION portal_notify_user();
