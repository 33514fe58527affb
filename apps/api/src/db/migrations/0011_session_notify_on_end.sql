-- A session is marked as used while it is used (at most once a minute, for the active-sessions
-- list); only a change to what the in-memory session cache holds (ADR 36) tells every process.
DROP TRIGGER sessions_notify ON "sessions";
--> statement-breakpoint
CREATE TRIGGER sessions_notify AFTER UPDATE OF "revoked_at", "absolute_expires_at", "user_id", "mode" OR DELETE
  ON "sessions" FOR EACH ROW EXECUTE FUNCTION portal_notify_session();
