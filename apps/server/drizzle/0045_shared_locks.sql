-- ADR 0209: a booking keeps staff from changing the resources and the shop's sizes it takes by a shared advisory lock
-- per resource (and per shop), which staff take exclusively (repository.ts `lockResource`, rental-stock's `lockShop`,
-- 割り当てを変更), where it locked their rows FOR KEY SHARE: every booking of every day locked the one row of a boat
-- and of a boot size, a multixact written to the table for each; a shared advisory lock is held in memory. The
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
