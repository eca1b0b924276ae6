ALTER TABLE "booking_rentals" ADD COLUMN "facility_id" integer;--> statement-breakpoint
ALTER TABLE "booking_rentals" ADD COLUMN "usedate" date;--> statement-breakpoint
CREATE INDEX "booking_rentals_shop_day_idx" ON "booking_rentals" USING btree ("facility_id","usedate") WHERE live;--> statement-breakpoint
-- ADR 0209: counting a shop's size on a day joined every line of the shop's options that day to its rentals, a cost
-- that grew with each booking of the day (1 ms at 60 bookings, the most of what a booking with a size cost). A rental
-- now carries its shop and day, the line's, so the count reads the shop's live rentals of the day by one index.
UPDATE "booking_rentals" r SET "facility_id" = l.facility_id, "usedate" = l.usedate
FROM (
  SELECT DISTINCT ON (bo.rsvno) bo.rsvno, o.facility_id, bo.usedate
  FROM booking_options bo JOIN options o ON o.opcd = bo.opcd
  ORDER BY bo.rsvno, o.facility_id IS NULL, bo.usedate
) l
WHERE l.rsvno = r.rsvno;
--> statement-breakpoint
-- A rental's place is its booking's line of a rental shop (a rental booking has one line). A new booking's statement
-- writes it with the row (its line is not visible to a trigger yet); any other row written without it takes it here,
-- or, when its line comes in the same statement, at the statement's end (below).
CREATE FUNCTION "booking_rental_place"(booking text) RETURNS TABLE(facility_id integer, usedate date)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT o.facility_id, bo.usedate
  FROM booking_options bo JOIN options o ON o.opcd = bo.opcd
  WHERE bo.rsvno = booking
  ORDER BY o.facility_id IS NULL, bo.usedate
  LIMIT 1;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "booking_rental_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.live := coalesce((SELECT b.state NOT IN ('canceled', 'expired') FROM bookings b WHERE b.rsvno = NEW.rsvno), true);
  IF NEW.usedate IS NULL THEN
    SELECT p.facility_id, p.usedate INTO NEW.facility_id, NEW.usedate FROM booking_rental_place(NEW.rsvno) p;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER "booking_rentals_live" ON "booking_rentals";
--> statement-breakpoint
CREATE TRIGGER "booking_rentals_live" BEFORE INSERT ON "booking_rentals"
  FOR EACH ROW EXECUTE FUNCTION "booking_rental_row"();
--> statement-breakpoint
CREATE FUNCTION "booking_rental_placed_late"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE booking_rentals r SET facility_id = p.facility_id, usedate = p.usedate
  FROM booking_rental_place(NEW.rsvno) p
  WHERE r.rsvno = NEW.rsvno AND r.seq = NEW.seq AND r.usedate IS NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "booking_rentals_placed_late" AFTER INSERT ON "booking_rentals"
  FOR EACH ROW WHEN (NEW.usedate IS NULL) EXECUTE FUNCTION "booking_rental_placed_late"();
--> statement-breakpoint
-- A change of departure or day moves the line: its rentals move with it.
CREATE FUNCTION "booking_rentals_follow_line"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE booking_rentals r SET facility_id = p.facility_id, usedate = p.usedate
  FROM booking_rental_place(NEW.rsvno) p
  WHERE r.rsvno = NEW.rsvno;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "booking_options_rentals_follow" AFTER UPDATE OF "opcd", "usedate" ON "booking_options" FOR EACH ROW
  WHEN (OLD.opcd IS DISTINCT FROM NEW.opcd OR OLD.usedate IS DISTINCT FROM NEW.usedate)
  EXECUTE FUNCTION "booking_rentals_follow_line"();
--> statement-breakpoint
-- An option given to another shop takes its bookings' rentals there.
CREATE FUNCTION "booking_rentals_follow_shop"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE booking_rentals r SET facility_id = p.facility_id, usedate = p.usedate
  FROM booking_options bo, booking_rental_place(bo.rsvno) p
  WHERE bo.opcd = NEW.opcd AND r.rsvno = bo.rsvno;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "options_rentals_follow_shop" AFTER UPDATE OF "facility_id" ON "options" FOR EACH ROW
  WHEN (OLD.facility_id IS DISTINCT FROM NEW.facility_id)
  EXECUTE FUNCTION "booking_rentals_follow_shop"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rental_used"(shop integer, on_date date, what text, which text) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT count(*)::integer
    FROM booking_rentals r
    WHERE r.facility_id = shop AND r.usedate = on_date AND r.live
      AND CASE what WHEN 'model' THEN r.model WHEN 'boots' THEN r.boots_size ELSE r.wear_size END = which
  );
END
$$;
