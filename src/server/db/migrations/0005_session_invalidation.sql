-- Every process keeps resolved sessions in memory for a short while (auth/session-cache.ts).
-- Whatever ends a session or changes what a session stands for announces the user on the
-- `session_invalidation` channel when it commits, whichever code (or person) made the change:
-- a session row deleted (sign-out, revocation, the per-user cap, a password reset), an account
-- disabled or re-enabled, a role or profile change, a new password.
CREATE OR REPLACE FUNCTION notify_session_invalidation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('session_invalidation', OLD.user_id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_invalidation', NEW.id);
  ELSE
    PERFORM pg_notify('session_invalidation', NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_invalidation AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_invalidation();
--> statement-breakpoint
CREATE TRIGGER users_notify_invalidation AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    OLD.is_admin IS DISTINCT FROM NEW.is_admin OR OLD.disabled_at IS DISTINCT FROM NEW.disabled_at
    OR OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email OR OLD.image IS DISTINCT FROM NEW.image
  )
  EXECUTE FUNCTION notify_session_invalidation();
--> statement-breakpoint
CREATE TRIGGER accounts_notify_invalidation AFTER UPDATE ON accounts
  FOR EACH ROW WHEN (OLD.password IS DISTINCT FROM NEW.password)
  EXECUTE FUNCTION notify_session_invalidation();
