-- The booking's history stays append-only (ADR 0100), with one exception (issue 28, ADR 0164): the privacy
-- erasure may rewrite an event's before/after to drop passport numbers, birthdays and diet choices, and only inside
-- a transaction that set tabi.privacy_erase = 'on' (set_config(..., true), local to that transaction). Deletes stay
-- refused, and so do changes of any other column.
CREATE OR REPLACE FUNCTION "booking_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND coalesce(current_setting('tabi.privacy_erase', true), '') = 'on'
    AND NEW.id = OLD.id AND NEW.rsvno = OLD.rsvno AND NEW.at = OLD.at AND NEW.actor_kind = OLD.actor_kind
    AND NEW.actor = OLD.actor AND NEW.action = OLD.action AND NEW.note IS NOT DISTINCT FROM OLD.note THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'booking_events is append-only';
END
$$;
