-- ADR 0209: what a booking with a shared resource or a shop's sizes costs beyond the same booking without them is
-- mostly the number of PL/pgSQL statements it runs, each a round through the executor. The take is the same (the same
-- locks in the same order, the same counts) in fewer statements: one statement picks the member of each need with
-- room; a shop that counts no stock is left after its lock; the sizes are locked in one statement and checked in one,
-- each size's quantity read in one statement instead of three; and the options sharing what a booking took are found
-- by a function whose plan is kept.
CREATE OR REPLACE FUNCTION "resources_take"(
  line_opcd text, line_usedate date, line_start text, travellers integer, items integer,
  models text[], boots text[], wear text[]
) RETURNS TABLE(resource_id integer, units integer) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  pick record;
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
  FOR pick IN
    SELECT n.rid, n.wanted, m.id AS mid
    FROM (
      SELECT o.resource_id AS rid, r.pool,
        CASE o.usage WHEN 'traveller' THEN travellers WHEN 'booking' THEN 1 ELSE items END AS wanted
      FROM option_resources o JOIN resources r ON r.id = o.resource_id
      WHERE o.opcd = line_opcd
    ) n
    LEFT JOIN LATERAL (
      SELECT r.id
      FROM resources r
      LEFT JOIN resource_exceptions x ON x.resource_id = r.id AND x.usedate = line_usedate
      WHERE (r.id = n.rid OR (n.pool IS NOT NULL AND r.pool = n.pool))
        AND coalesce(x.capacity, r.capacity) - resource_used(r.id, r.per, line_usedate, line_start) >= n.wanted
      ORDER BY r.id <> n.rid, r.id
      LIMIT 1
    ) m ON true
    WHERE n.wanted > 0
    ORDER BY n.rid
  LOOP
    IF pick.mid IS NULL THEN
      RAISE EXCEPTION 'no room on resource %', pick.rid USING ERRCODE = 'TB409', DETAIL = pick.rid::text;
    END IF;
    resource_id := pick.mid;
    units := pick.wanted;
    RETURN NEXT;
  END LOOP;
  PERFORM rental_sizes_take(line_opcd, line_usedate, models, boots, wear);
  RETURN;
END
$$;
--> statement-breakpoint
-- One statement instead of three: whether the shop counts the item, then the day's number, else the size's, else none.
CREATE OR REPLACE FUNCTION "rental_quantity"(shop integer, on_date date, what text, which text) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT CASE WHEN EXISTS (SELECT 1 FROM rental_stock s WHERE s.facility_id = shop AND s.item = what) THEN coalesce(
      (SELECT d.quantity FROM rental_stock_days d
        WHERE d.facility_id = shop AND d.item = what AND d.size = which AND d.usedate = on_date),
      (SELECT s.quantity FROM rental_stock s WHERE s.facility_id = shop AND s.item = what AND s.size = which),
      0) END
  );
END
$$;
--> statement-breakpoint
-- The sizes a shop counts that `wanted` more would take past what it has that day (rental_quantity against
-- rental_used, the numbers the console and the rental step show), first by item and size; `wanted` 0 checks what is
-- held already.
CREATE FUNCTION "rental_sizes_short"(shop integer, on_date date, items text[], sizes text[], wanted integer[])
RETURNS TABLE(item text, size text) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT w.item, w.size
  FROM unnest(items, sizes, wanted) AS w(item, size, n)
  CROSS JOIN LATERAL (SELECT rental_quantity(shop, on_date, w.item, w.size) AS have OFFSET 0) q
  WHERE q.have IS NOT NULL AND q.have < w.n + rental_used(shop, on_date, w.item, w.size)
  ORDER BY w.item, w.size;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rental_sizes_take"(line_opcd text, line_usedate date, models text[], boots text[], wear text[])
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  shop integer;
  items text[];
  sizes text[];
  wanted integer[];
  short record;
BEGIN
  SELECT o.facility_id INTO shop FROM options o WHERE o.opcd = line_opcd;
  IF shop IS NULL THEN
    RETURN;
  END IF;
  -- The shop's lock (shared: staff editing its stock take it alone), then whether it counts anything at all.
  PERFORM pg_advisory_xact_lock_shared(hashtext('rental-stock'), shop);
  IF NOT EXISTS (SELECT 1 FROM rental_stock s WHERE s.facility_id = shop) THEN
    RETURN;
  END IF;
  SELECT array_agg(w.item ORDER BY w.item, w.size), array_agg(w.size ORDER BY w.item, w.size),
    array_agg(w.n ORDER BY w.item, w.size)
  INTO items, sizes, wanted
  FROM (
    SELECT a.item, a.size, count(*)::integer AS n
    FROM (
      SELECT 'model' AS item, unnest(models) AS size
      UNION ALL SELECT 'boots', unnest(boots)
      UNION ALL SELECT 'wear', unnest(wear)
    ) a
    WHERE a.size <> ''
    GROUP BY a.item, a.size
  ) w;
  IF items IS NULL THEN
    RETURN;
  END IF;
  -- Each size's day, in order.
  PERFORM pg_advisory_xact_lock(hashtextextended('rental ' || shop || ' ' || l.item || ' ' || l.size || ' ' || line_usedate, 0))
  FROM unnest(items, sizes) WITH ORDINALITY AS l(item, size, i);
  SELECT s.item, s.size INTO short FROM rental_sizes_short(shop, line_usedate, items, sizes, wanted) s LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'no % of size % left', short.item, short.size
      USING ERRCODE = 'TB410', DETAIL = short.item || ':' || short.size;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rental_sizes_hold"(booking text) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  line record;
  items text[];
  sizes text[];
  short record;
BEGIN
  SELECT array_agg(w.item ORDER BY w.item, w.size), array_agg(w.size ORDER BY w.item, w.size)
  INTO items, sizes
  FROM (
    SELECT DISTINCT a.item, a.size FROM (
      SELECT 'model' AS item, r.model AS size FROM booking_rentals r WHERE r.rsvno = booking
      UNION ALL SELECT 'boots', r.boots_size FROM booking_rentals r WHERE r.rsvno = booking
      UNION ALL SELECT 'wear', r.wear_size FROM booking_rentals r WHERE r.rsvno = booking
    ) a
    WHERE a.size <> ''
  ) w;
  IF items IS NULL THEN
    RETURN;
  END IF;
  FOR line IN
    SELECT DISTINCT o.facility_id AS shop, bo.usedate FROM booking_options bo JOIN options o ON o.opcd = bo.opcd
    WHERE bo.rsvno = booking AND o.facility_id IS NOT NULL
  LOOP
    PERFORM pg_advisory_xact_lock_shared(hashtext('rental-stock'), line.shop);
    PERFORM pg_advisory_xact_lock(
      hashtextextended('rental ' || line.shop || ' ' || l.item || ' ' || l.size || ' ' || line.usedate, 0))
    FROM unnest(items, sizes) WITH ORDINALITY AS l(item, size, i);
    SELECT s.item, s.size INTO short
    FROM rental_sizes_short(line.shop, line.usedate, items, sizes, array_fill(0, array[cardinality(items)])) s
    LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'no % of size % left', short.item, short.size
        USING ERRCODE = 'TB410', DETAIL = short.item || ':' || short.size;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "options_sharing"(changed integer[]) RETURNS SETOF text LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF cardinality(changed) = 0 THEN
    RETURN;
  END IF;
  RETURN QUERY
  SELECT DISTINCT o.opcd
  FROM resources c
  JOIN resources m ON m.id = c.id OR (c.pool IS NOT NULL AND m.pool = c.pool)
  JOIN option_resources o ON o.resource_id = m.id
  WHERE c.id = ANY(changed);
END
$$;
