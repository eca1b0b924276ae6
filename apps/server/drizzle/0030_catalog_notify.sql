-- Issue 30: each instance keeps the booking's read of its option (and which nationalities exist) while this
-- channel runs, and drops an option's entry when it is named here, everything on '*'. Options and nationalities
-- change when the staff edit the catalog, rarely, so the commits this notification serialises are theirs alone.
CREATE FUNCTION "catalog_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('catalog_changed', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('catalog_changed', OLD.opcd);
  ELSE
    PERFORM pg_notify('catalog_changed', NEW.opcd);
    IF TG_OP = 'UPDATE' AND OLD.opcd <> NEW.opcd THEN
      PERFORM pg_notify('catalog_changed', OLD.opcd);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "options_changed" AFTER INSERT OR UPDATE OR DELETE ON "options"
  FOR EACH ROW EXECUTE FUNCTION "catalog_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "options_truncated" AFTER TRUNCATE ON "options"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "nationalities_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "nationalities"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_notify_change"();
