CREATE TABLE "waitlist_resources" (
	"entry_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"usedate" date NOT NULL,
	"start_time" text DEFAULT '' NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "waitlist_resources_entry_id_resource_id_pk" PRIMARY KEY("entry_id","resource_id"),
	CONSTRAINT "waitlist_resources_units_positive" CHECK ("waitlist_resources"."units" > 0)
);
--> statement-breakpoint
ALTER TABLE "waitlist_resources" ADD CONSTRAINT "waitlist_resources_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_resources" ADD CONSTRAINT "waitlist_resources_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_resources_day_idx" ON "waitlist_resources" USING btree ("resource_id","usedate","start_time");--> statement-breakpoint
-- ADR 0209: the units held of the resources, one row per booking or キャンセル待ち entry, day and departure: those of the
-- bookings holding their seats (state neither canceled nor expired) and those of the entries holding seats (held > 0).
-- The one definition of a resource's use: resource_used sums it for the booking's check, the console lists it.
CREATE VIEW "resource_units_held" AS
  SELECT br.resource_id, br.usedate, br.start_time, br.units, br.rsvno, NULL::integer AS entry_id
  FROM booking_resources br JOIN bookings b ON b.rsvno = br.rsvno
  WHERE b.state NOT IN ('canceled', 'expired')
  UNION ALL
  SELECT wr.resource_id, wr.usedate, wr.start_time, wr.units, NULL::text, wr.entry_id
  FROM waitlist_resources wr JOIN waitlist_entries e ON e.id = wr.entry_id
  WHERE e.held > 0;
--> statement-breakpoint
-- The units of resource `rid` held on day `on_date` (at `start`, for a resource counted per departure). PL/pgSQL, not
-- SQL: its query's plan is kept for the session, where a SQL function called once per member of a pool (it is not
-- inlined) was planned again at every call, a third of a booking's time.
CREATE FUNCTION "resource_used"(rid integer, per text, on_date date, start text) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((
    SELECT sum(u.units) FROM resource_units_held u
    WHERE u.resource_id = rid AND u.usedate = on_date AND (per = 'day' OR u.start_time = start)
  ), 0);
END
$$;
--> statement-breakpoint
-- ADR 0209: a booking keeps staff from changing the resources and the shop's sizes it takes by a shared advisory lock
-- per resource (and per shop), which staff take exclusively (repository.ts `lockResource`, rental-stock's `lockShop`,
-- 割り当てを変更), where migrations 0040 and 0042 locked their rows FOR KEY SHARE: every booking of every day locked the
-- one row of a boat and of a boot size, a multixact written to the table for each; a shared advisory lock is held in
-- memory. The
-- bookings of one resource's day still wait for each other by its day's lock, and the lock order is unchanged: the
-- departure, the resources by id, then the shop.
CREATE OR REPLACE FUNCTION "resources_take"(
  line_opcd text, line_usedate date, line_start text, travellers integer, items integer,
  models text[], boots text[], wear text[]
) RETURNS TABLE(resource_id integer, units integer) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  need record;
  member record;
  found_room boolean;
BEGIN
  FOR member IN
    SELECT r.id FROM resources r
    WHERE r.id IN (SELECT o.resource_id FROM option_resources o WHERE o.opcd = line_opcd)
       OR r.pool IN (
         SELECT p.pool FROM option_resources o JOIN resources p ON p.id = o.resource_id
         WHERE o.opcd = line_opcd AND p.pool IS NOT NULL
       )
    ORDER BY r.id
  LOOP
    PERFORM pg_advisory_xact_lock_shared(hashtextextended('resource ' || member.id, 0));
    PERFORM pg_advisory_xact_lock(hashtextextended('resource ' || member.id || ' ' || line_usedate, 0));
  END LOOP;
  FOR need IN
    SELECT o.resource_id AS rid, r.pool,
      CASE o.usage WHEN 'traveller' THEN travellers WHEN 'booking' THEN 1 ELSE items END AS wanted
    FROM option_resources o JOIN resources r ON r.id = o.resource_id
    WHERE o.opcd = line_opcd
    ORDER BY o.resource_id
  LOOP
    CONTINUE WHEN need.wanted <= 0;
    found_room := false;
    FOR member IN
      SELECT r.id, r.per, coalesce(x.capacity, r.capacity) AS capacity
      FROM resources r
      LEFT JOIN resource_exceptions x ON x.resource_id = r.id AND x.usedate = line_usedate
      WHERE r.id = need.rid OR (need.pool IS NOT NULL AND r.pool = need.pool)
      ORDER BY r.id <> need.rid, r.id
    LOOP
      IF member.capacity - resource_used(member.id, member.per, line_usedate, line_start) >= need.wanted THEN
        resource_id := member.id;
        units := need.wanted;
        RETURN NEXT;
        found_room := true;
        EXIT;
      END IF;
    END LOOP;
    IF NOT found_room THEN
      RAISE EXCEPTION 'no room on resource %', need.rid USING ERRCODE = 'TB409', DETAIL = need.rid::text;
    END IF;
  END LOOP;
  PERFORM rental_sizes_take(line_opcd, line_usedate, models, boots, wear);
  RETURN;
END
$$;
--> statement-breakpoint
-- As in migration 0041, counting with resource_used, in PL/pgSQL for the plans it keeps: every departure of a calendar
-- asks it, and a SQL function with a FROM is planned again at every call. An option using no resource answers at once.
CREATE OR REPLACE FUNCTION "resource_room"(line_opcd text, line_usedate date, line_start text) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM option_resources o WHERE o.opcd = line_opcd AND o.usage <> 'rental') THEN
    RETURN NULL;
  END IF;
  RETURN (
    SELECT min(CASE WHEN n.usage = 'traveller' THEN n.best WHEN n.best >= 1 THEN NULL ELSE 0 END)::integer
    FROM (
      SELECT o.resource_id, o.usage,
        max(greatest(coalesce(x.capacity, m.capacity) - resource_used(m.id, m.per, line_usedate, line_start), 0)) AS best
      FROM option_resources o
      JOIN resources r ON r.id = o.resource_id
      JOIN resources m ON m.id = r.id OR (r.pool IS NOT NULL AND m.pool = r.pool)
      LEFT JOIN resource_exceptions x ON x.resource_id = m.id AND x.usedate = line_usedate
      WHERE o.opcd = line_opcd AND o.usage <> 'rental'
      GROUP BY o.resource_id, o.usage
    ) n
  );
END
$$;
--> statement-breakpoint
-- As in migration 0042, in PL/pgSQL for the plans it keeps (rental_sizes_take asks them once per size of a booking).
CREATE OR REPLACE FUNCTION "rental_used"(shop integer, on_date date, what text, which text) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT count(*)::integer
    FROM options o
    JOIN booking_options bo ON bo.opcd = o.opcd AND bo.usedate = on_date
    JOIN bookings b ON b.rsvno = bo.rsvno AND b.state NOT IN ('canceled', 'expired')
    JOIN booking_rentals r ON r.rsvno = bo.rsvno
    WHERE o.facility_id = shop
      AND CASE what WHEN 'model' THEN r.model WHEN 'boots' THEN r.boots_size ELSE r.wear_size END = which
  );
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rental_quantity"(shop integer, on_date date, what text, which text) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM rental_stock s WHERE s.facility_id = shop AND s.item = what) THEN
    RETURN NULL;
  END IF;
  RETURN coalesce(
    (SELECT d.quantity FROM rental_stock_days d
      WHERE d.facility_id = shop AND d.item = what AND d.size = which AND d.usedate = on_date),
    (SELECT s.quantity FROM rental_stock s WHERE s.facility_id = shop AND s.item = what AND s.size = which),
    0);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rental_sizes_take"(line_opcd text, line_usedate date, models text[], boots text[], wear text[])
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
  PERFORM pg_advisory_xact_lock_shared(hashtext('rental-stock'), shop);
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
CREATE OR REPLACE FUNCTION "rental_sizes_hold"(booking text) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  line record;
  want record;
  have integer;
BEGIN
  FOR line IN
    SELECT DISTINCT o.facility_id AS shop, bo.usedate FROM booking_options bo JOIN options o ON o.opcd = bo.opcd
    WHERE bo.rsvno = booking AND o.facility_id IS NOT NULL
  LOOP
    PERFORM pg_advisory_xact_lock_shared(hashtext('rental-stock'), line.shop);
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
