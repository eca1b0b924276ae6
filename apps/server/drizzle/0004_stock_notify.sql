-- Every committed change of stock or prices tells listening servers which option changed (ADR 0015):
-- their cached month calendars of that option are dropped the moment the transaction commits, whoever
-- wrote it (a booking on any instance, the expiry sweep, the operator command, plain SQL).
CREATE FUNCTION "stock_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('stock_changed', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('stock_changed', OLD.opcd);
  ELSE
    PERFORM pg_notify('stock_changed', NEW.opcd);
    IF TG_OP = 'UPDATE' AND OLD.opcd <> NEW.opcd THEN
      PERFORM pg_notify('stock_changed', OLD.opcd);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stock_changed" AFTER INSERT OR UPDATE OR DELETE ON "stock"
  FOR EACH ROW EXECUTE FUNCTION "stock_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "stock_truncated" AFTER TRUNCATE ON "stock"
  FOR EACH STATEMENT EXECUTE FUNCTION "stock_notify_change"();
