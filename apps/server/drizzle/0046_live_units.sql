ALTER TABLE "booking_rentals" ADD COLUMN "live" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_resources" ADD COLUMN "live" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_resources" ADD COLUMN "live" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- ADR 0209: whether a booking's units and rentals count (its booking holds its seats) and whether an entry's units
-- count (it holds seats) is written on their own rows, so that counting a resource's day or a shop's size reads those
-- rows alone instead of joining every one of them to its booking. The database keeps the flag: from the parent when a
-- row is written, and on every parent's change that crosses the line, so no path of the code has to remember it.
UPDATE "booking_resources" br SET "live" = b.state NOT IN ('canceled', 'expired') FROM bookings b WHERE b.rsvno = br.rsvno;
--> statement-breakpoint
UPDATE "booking_rentals" r SET "live" = b.state NOT IN ('canceled', 'expired') FROM bookings b WHERE b.rsvno = r.rsvno;
--> statement-breakpoint
UPDATE "waitlist_resources" wr SET "live" = e.held > 0 FROM waitlist_entries e WHERE e.id = wr.entry_id;
--> statement-breakpoint
-- A row written for a booking already there takes its state; one written by the statement that makes the booking does
-- not see it yet, and a new booking holds its seats.
CREATE FUNCTION "booking_row_live"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.live := coalesce((SELECT b.state NOT IN ('canceled', 'expired') FROM bookings b WHERE b.rsvno = NEW.rsvno), true);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "booking_resources_live" BEFORE INSERT ON "booking_resources"
  FOR EACH ROW EXECUTE FUNCTION "booking_row_live"();
--> statement-breakpoint
CREATE TRIGGER "booking_rentals_live" BEFORE INSERT ON "booking_rentals"
  FOR EACH ROW EXECUTE FUNCTION "booking_row_live"();
--> statement-breakpoint
CREATE FUNCTION "booking_units_follow_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE booking_resources SET live = NEW.state NOT IN ('canceled', 'expired') WHERE rsvno = NEW.rsvno;
  UPDATE booking_rentals SET live = NEW.state NOT IN ('canceled', 'expired') WHERE rsvno = NEW.rsvno;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_units_follow_state" AFTER UPDATE OF "state" ON "bookings" FOR EACH ROW
  WHEN ((OLD.state IN ('canceled', 'expired')) IS DISTINCT FROM (NEW.state IN ('canceled', 'expired')))
  EXECUTE FUNCTION "booking_units_follow_state"();
--> statement-breakpoint
CREATE FUNCTION "waitlist_row_live"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.live := coalesce((SELECT e.held > 0 FROM waitlist_entries e WHERE e.id = NEW.entry_id), true);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "waitlist_resources_live" BEFORE INSERT ON "waitlist_resources"
  FOR EACH ROW EXECUTE FUNCTION "waitlist_row_live"();
--> statement-breakpoint
CREATE FUNCTION "waitlist_units_follow_held"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE waitlist_resources SET live = NEW.held > 0 WHERE entry_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_units_follow_held" AFTER UPDATE OF "held" ON "waitlist_entries" FOR EACH ROW
  WHEN ((OLD.held > 0) IS DISTINCT FROM (NEW.held > 0))
  EXECUTE FUNCTION "waitlist_units_follow_held"();
--> statement-breakpoint
CREATE OR REPLACE VIEW "resource_units_held" AS
  SELECT br.resource_id, br.usedate, br.start_time, br.units, br.rsvno, NULL::integer AS entry_id
  FROM booking_resources br
  WHERE br.live
  UNION ALL
  SELECT wr.resource_id, wr.usedate, wr.start_time, wr.units, NULL::text, wr.entry_id
  FROM waitlist_resources wr
  WHERE wr.live;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rental_used"(shop integer, on_date date, what text, which text) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT count(*)::integer
    FROM options o
    JOIN booking_options bo ON bo.opcd = o.opcd AND bo.usedate = on_date
    JOIN booking_rentals r ON r.rsvno = bo.rsvno AND r.live
    WHERE o.facility_id = shop
      AND CASE what WHEN 'model' THEN r.model WHEN 'boots' THEN r.boots_size ELSE r.wear_size END = which
  );
END
$$;
