-- A transaction that queues mail tells the listening servers when it commits (one notification per transaction:
-- PostgreSQL folds equal ones), so the mail loop sends within about a second instead of at its next interval.
CREATE FUNCTION "outbox_notify_queued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_queued', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "outbox_queued" AFTER INSERT ON "outbox"
  FOR EACH STATEMENT EXECUTE FUNCTION "outbox_notify_queued"();
