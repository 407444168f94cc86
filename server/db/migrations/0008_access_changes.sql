-- Who may see what (a membership, a project, a subscription, a signed-out session, a deleted account)
-- changed: every server process listening on 'access_changed' forgets the principals it cached
-- (server/auth/access-cache.ts). Statement-level, so a change of many rows sends one notification, and
-- PostgreSQL delivers it to every listening session once the transaction commits.
CREATE FUNCTION "notify_access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "memberships_access_changed" AFTER INSERT OR UPDATE OR DELETE ON "memberships"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "projects_access_changed" AFTER INSERT OR UPDATE OR DELETE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_access_changed" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_access_changed" AFTER UPDATE OF "revoked_at" OR DELETE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_access_changed" AFTER DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();
