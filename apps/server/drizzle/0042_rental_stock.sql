CREATE TABLE "rental_stock" (
	"facility_id" integer NOT NULL,
	"item" text NOT NULL,
	"size" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "rental_stock_facility_id_item_size_pk" PRIMARY KEY("facility_id","item","size"),
	CONSTRAINT "rental_stock_item" CHECK ("rental_stock"."item" in ('model', 'boots', 'wear')),
	CONSTRAINT "rental_stock_quantity_nonnegative" CHECK ("rental_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rental_stock_days" (
	"facility_id" integer NOT NULL,
	"item" text NOT NULL,
	"size" text NOT NULL,
	"usedate" date NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "rental_stock_days_facility_id_item_size_usedate_pk" PRIMARY KEY("facility_id","item","size","usedate"),
	CONSTRAINT "rental_stock_days_quantity_nonnegative" CHECK ("rental_stock_days"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "rental_stock" ADD CONSTRAINT "rental_stock_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_stock_days" ADD CONSTRAINT "rental_stock_days_facility_id_item_size_rental_stock_facility_id_item_size_fk" FOREIGN KEY ("facility_id","item","size") REFERENCES "public"."rental_stock"("facility_id","item","size") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ADR 0209: a rental shop's stock by size. The rentals of a shop's size on a day are the travellers' choices of the
-- bookings that hold their seats on a line of one of the shop's options that day.
CREATE FUNCTION "rental_used"(shop integer, on_date date, what text, which text) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT count(*)::integer
  FROM options o
  JOIN booking_options bo ON bo.opcd = o.opcd AND bo.usedate = on_date
  JOIN bookings b ON b.rsvno = bo.rsvno AND b.state NOT IN ('canceled', 'expired')
  JOIN booking_rentals r ON r.rsvno = bo.rsvno
  WHERE o.facility_id = shop
    AND CASE what WHEN 'model' THEN r.model WHEN 'boots' THEN r.boots_size ELSE r.wear_size END = which
$$;
--> statement-breakpoint
-- The pairs a shop has of a size on a day; NULL when the shop does not count that item at all, 0 for a size it does
-- not list of an item it counts.
CREATE FUNCTION "rental_quantity"(shop integer, on_date date, what text, which text) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN NOT EXISTS (SELECT 1 FROM rental_stock s WHERE s.facility_id = shop AND s.item = what) THEN NULL
    ELSE coalesce(
      (SELECT d.quantity FROM rental_stock_days d
        WHERE d.facility_id = shop AND d.item = what AND d.size = which AND d.usedate = on_date),
      (SELECT s.quantity FROM rental_stock s WHERE s.facility_id = shop AND s.item = what AND s.size = which),
      0)
  END
$$;
--> statement-breakpoint
-- Checks, under the locks of the shop's rows of those sizes (KEY SHARE, against staff changing them) and of each size's
-- day (advisory, against other bookings of it that day), taken in item and size order after the departure's and the
-- resources', that the shop of `line_opcd` still has the sizes a new booking asks for on `line_usedate`. The
-- rentals of bookings that held those locks before and committed are seen (a VOLATILE function's fresh snapshots).
-- Short of one, it raises SQLSTATE TB410 with the item and size as DETAIL (`boots:26.5`).
CREATE FUNCTION "rental_sizes_take"(line_opcd text, line_usedate date, models text[], boots text[], wear text[])
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  shop integer;
  want record;
  have integer;
BEGIN
  SELECT o.facility_id INTO shop FROM options o WHERE o.opcd = line_opcd;
  IF shop IS NULL THEN
    RETURN;
  END IF;
  PERFORM 1 FROM rental_stock s
  WHERE s.facility_id = shop AND (s.item, s.size) IN (
    SELECT 'model', unnest(models) UNION SELECT 'boots', unnest(boots) UNION SELECT 'wear', unnest(wear)
  )
  ORDER BY s.item, s.size
  FOR KEY SHARE;
  FOR want IN
    SELECT w.item, w.size, count(*)::integer AS n
    FROM (
      SELECT 'model' AS item, unnest(models) AS size
      UNION ALL SELECT 'boots', unnest(boots)
      UNION ALL SELECT 'wear', unnest(wear)
    ) w
    WHERE w.size <> ''
    GROUP BY w.item, w.size
    ORDER BY w.item, w.size
  LOOP
    PERFORM pg_advisory_xact_lock(
      hashtextextended('rental ' || shop || ' ' || want.item || ' ' || want.size || ' ' || line_usedate, 0));
    have := rental_quantity(shop, line_usedate, want.item, want.size);
    CONTINUE WHEN have IS NULL;
    IF rental_used(shop, line_usedate, want.item, want.size) + want.n > have THEN
      RAISE EXCEPTION 'no % of size % left', want.item, want.size
        USING ERRCODE = 'TB410', DETAIL = want.item || ':' || want.size;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The same check for a booking whose rentals were just rewritten in this transaction (my page's レンタル詳細・変更, a
-- staff edit): its own new choices are seen, so they count as the others' do.
CREATE FUNCTION "rental_sizes_hold"(booking text) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  line record;
  want record;
  have integer;
BEGIN
  FOR line IN
    SELECT DISTINCT o.facility_id AS shop, bo.usedate FROM booking_options bo JOIN options o ON o.opcd = bo.opcd
    WHERE bo.rsvno = booking AND o.facility_id IS NOT NULL
  LOOP
    PERFORM 1 FROM rental_stock s
    WHERE s.facility_id = line.shop AND (s.item, s.size) IN (
      SELECT 'model', r.model FROM booking_rentals r WHERE r.rsvno = booking
      UNION SELECT 'boots', r.boots_size FROM booking_rentals r WHERE r.rsvno = booking
      UNION SELECT 'wear', r.wear_size FROM booking_rentals r WHERE r.rsvno = booking
    )
    ORDER BY s.item, s.size
    FOR KEY SHARE;
    FOR want IN
      SELECT DISTINCT w.item, w.size FROM (
        SELECT 'model' AS item, r.model AS size FROM booking_rentals r WHERE r.rsvno = booking
        UNION ALL SELECT 'boots', r.boots_size FROM booking_rentals r WHERE r.rsvno = booking
        UNION ALL SELECT 'wear', r.wear_size FROM booking_rentals r WHERE r.rsvno = booking
      ) w
      WHERE w.size <> ''
      ORDER BY w.item, w.size
    LOOP
      PERFORM pg_advisory_xact_lock(
        hashtextextended('rental ' || line.shop || ' ' || want.item || ' ' || want.size || ' ' || line.usedate, 0));
      have := rental_quantity(line.shop, line.usedate, want.item, want.size);
      CONTINUE WHEN have IS NULL;
      IF rental_used(line.shop, line.usedate, want.item, want.size) > have THEN
        RAISE EXCEPTION 'no % of size % left', want.item, want.size
          USING ERRCODE = 'TB410', DETAIL = want.item || ':' || want.size;
      END IF;
    END LOOP;
  END LOOP;
END
$$;
