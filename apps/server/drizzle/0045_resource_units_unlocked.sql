ALTER TABLE "booking_resources" DROP CONSTRAINT "booking_resources_resource_id_resources_id_fk";
--> statement-breakpoint
-- A booking's statement asks this for every booking: an option that uses no resource (most of them) goes straight to
-- the shop's sizes, and the locks of the resources it takes are one statement, in the order of their ids (the
-- subquery's ORDER BY, kept by OFFSET 0 from being flattened into the outer query), instead of two per resource.
CREATE OR REPLACE FUNCTION "resources_take"(
  line_opcd text, line_usedate date, line_start text, travellers integer, items integer,
  models text[], boots text[], wear text[]
) RETURNS TABLE(resource_id integer, units integer) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  need record;
  member record;
  found_room boolean;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM option_resources o WHERE o.opcd = line_opcd) THEN
    PERFORM rental_sizes_take(line_opcd, line_usedate, models, boots, wear);
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('resource ' || m.id, 0)),
    pg_advisory_xact_lock(hashtextextended('resource ' || m.id || ' ' || line_usedate, 0))
  FROM (
    SELECT r.id FROM resources r
    WHERE r.id IN (SELECT o.resource_id FROM option_resources o WHERE o.opcd = line_opcd)
       OR r.pool IN (
         SELECT p.pool FROM option_resources o JOIN resources p ON p.id = o.resource_id
         WHERE o.opcd = line_opcd AND p.pool IS NOT NULL
       )
    ORDER BY r.id
    OFFSET 0
  ) m;
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
-- Migration 0037's trigger, which called option_price_range_refresh for every update of a departure, the stock update
-- of every booking included, with no option in it: a SQL function with an INSERT, planned again at each call, half a
-- millisecond of every booking. Now only when a price or a departure's key changed.
CREATE OR REPLACE FUNCTION "stock_price_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := array(SELECT DISTINCT opcd FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    changed := array(SELECT DISTINCT opcd FROM old_rows);
  ELSE
    changed := array(
      SELECT DISTINCT n.opcd FROM new_rows n
        JOIN old_rows o ON o.opcd = n.opcd AND o.usedate = n.usedate AND o.start_time = n.start_time
      WHERE o.adultbaika IS DISTINCT FROM n.adultbaika
      UNION SELECT n.opcd FROM new_rows n WHERE NOT EXISTS (
        SELECT 1 FROM old_rows o WHERE o.opcd = n.opcd AND o.usedate = n.usedate AND o.start_time = n.start_time)
      UNION SELECT o.opcd FROM old_rows o WHERE NOT EXISTS (
        SELECT 1 FROM new_rows n WHERE n.opcd = o.opcd AND n.usedate = o.usedate AND n.start_time = o.start_time));
  END IF;
  IF cardinality(changed) > 0 THEN
    PERFORM option_price_range_refresh(changed);
  END IF;
  RETURN NULL;
END
$$;
