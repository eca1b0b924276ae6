CREATE INDEX "booking_options_day_idx" ON "booking_options" USING btree ("opcd","usedate");--> statement-breakpoint
-- Notify only when what a visitor sees changes (issue 15, ADR 0110). The commits of notifying transactions
-- are serialised by PostgreSQL, so a notification on every booking capped bookings per second. A day shows
-- blank at 0, the number at 1 to 9 and a circle at 10 or more (SPEC §9): an update that changes zaikozan
-- alone and leaves that unchanged (25 → 24) tells nobody. Inserts, deletes, truncates, any other change
-- (prices, moving a row) and an update that changes nothing at all (a deliberate refresh) still notify.
CREATE OR REPLACE FUNCTION "stock_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('stock_changed', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('stock_changed', OLD.opcd);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('stock_changed', NEW.opcd);
  ELSE
    IF OLD.zaikozan IS DISTINCT FROM NEW.zaikozan
      AND least(greatest(OLD.zaikozan, 0), 10) = least(greatest(NEW.zaikozan, 0), 10)
      AND (to_jsonb(OLD) - 'zaikozan') = (to_jsonb(NEW) - 'zaikozan') THEN
      RETURN NULL;
    END IF;
    PERFORM pg_notify('stock_changed', NEW.opcd);
    IF OLD.opcd <> NEW.opcd THEN
      PERFORM pg_notify('stock_changed', OLD.opcd);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
