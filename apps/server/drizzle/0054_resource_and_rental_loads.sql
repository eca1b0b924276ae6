CREATE TABLE "rental_loads" (
	"facility_id" integer NOT NULL,
	"item" text NOT NULL,
	"size" text NOT NULL,
	"usedate" date NOT NULL,
	"quantity" integer,
	"held" integer NOT NULL,
	CONSTRAINT "rental_loads_facility_id_item_size_usedate_pk" PRIMARY KEY("facility_id","item","size","usedate")
);
--> statement-breakpoint
CREATE TABLE "resource_loads" (
	"resource_id" integer NOT NULL,
	"usedate" date NOT NULL,
	"start_time" text NOT NULL,
	"capacity" integer NOT NULL,
	"held" integer NOT NULL,
	CONSTRAINT "resource_loads_resource_id_usedate_start_time_pk" PRIMARY KEY("resource_id","usedate","start_time")
);
--> statement-breakpoint
ALTER TABLE "rental_loads" ADD CONSTRAINT "rental_loads_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_loads" ADD CONSTRAINT "resource_loads_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ADR 0217: a booking with a shared boat and a boot size read a dozen tables beyond the same booking without them, to
-- count what each resource's day and each size's day held under their locks. These rows keep that count with the room
-- beside it, so that the booking's statement takes its units with one conditional update per row: the row's lock is
-- the day's lock, and PostgreSQL checks `held + n <= capacity` again against the row's latest version. A row is made
-- from the units and the room the first time it is needed (in the same transaction as the change that needs it);
-- once it exists, every change is applied to it. Rows are never needed to be right before that: they are made from
-- the source itself.
--
-- The row of resource `rid`'s day (its departure at `start` when it counts per departure), made from its units and
-- its room when missing; when another transaction made it first, `delta` (a change already in the units this
-- transaction sees, which that transaction's count could not see) is added to it.
CREATE FUNCTION "resource_load_add"(rid integer, on_date date, start text, delta integer) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO resource_loads AS l (resource_id, usedate, start_time, capacity, held)
  SELECT r.id, on_date, CASE r.per WHEN 'day' THEN '' ELSE start END, coalesce(x.capacity, r.capacity),
    resource_used(r.id, r.per, on_date, start)
  FROM resources r
  LEFT JOIN resource_exceptions x ON x.resource_id = r.id AND x.usedate = on_date
  WHERE r.id = rid
  ON CONFLICT (resource_id, usedate, start_time) DO UPDATE SET held = l.held + delta WHERE delta <> 0;
END
$$;
--> statement-breakpoint
-- A statement's change of units already written (their booking or entry stopped holding seats or holds them again,
-- they moved to another resource, day or departure, or were deleted), applied to the rows they count in: each row by
-- what the statement's live units add to it less what they took from it. Per statement, not per row: a row made from
-- the units during the statement sees all of its changes at once. Units are written only by resources_take, which
-- counts them in the same statement, so a new row of units needs nothing here.
CREATE FUNCTION "resource_loads_apply"(rids integer[], days date[], starts text[], deltas integer[]) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT c.rid, c.on_date, CASE r.per WHEN 'day' THEN '' ELSE c.start END AS key, min(c.start) AS start,
      sum(c.delta)::integer AS delta
    FROM unnest(rids, days, starts, deltas) AS c(rid, on_date, start, delta)
    JOIN resources r ON r.id = c.rid
    GROUP BY 1, 2, 3
    HAVING sum(c.delta) <> 0
    ORDER BY 1, 2, 3
  LOOP
    UPDATE resource_loads l SET held = l.held + change.delta
    WHERE l.resource_id = change.rid AND l.usedate = change.on_date AND l.start_time = change.key;
    IF NOT FOUND THEN
      PERFORM resource_load_add(change.rid, change.on_date, change.start, change.delta);
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "resource_units_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM resource_loads_apply(array_agg(c.resource_id), array_agg(c.usedate), array_agg(c.start_time),
      array_agg(c.delta))
    FROM (
      SELECT n.resource_id, n.usedate, n.start_time, n.units AS delta FROM new_rows n WHERE n.live
      UNION ALL
      SELECT o.resource_id, o.usedate, o.start_time, -o.units FROM old_rows o WHERE o.live
    ) c;
  ELSE
    PERFORM resource_loads_apply(array_agg(o.resource_id), array_agg(o.usedate), array_agg(o.start_time),
      array_agg(-o.units))
    FROM old_rows o WHERE o.live;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "booking_resources_changed" AFTER UPDATE ON "booking_resources"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "resource_units_changed"();
--> statement-breakpoint
CREATE TRIGGER "booking_resources_deleted" AFTER DELETE ON "booking_resources"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "resource_units_changed"();
--> statement-breakpoint
CREATE TRIGGER "waitlist_resources_changed" AFTER UPDATE ON "waitlist_resources"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "resource_units_changed"();
--> statement-breakpoint
CREATE TRIGGER "waitlist_resources_deleted" AFTER DELETE ON "waitlist_resources"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "resource_units_changed"();
--> statement-breakpoint
-- Units are written live: resources_take writes them for a booking that holds its seats, or is about to in the same
-- transaction (a late payment's retake, before the state that reinstates it), and for an entry about to hold them.
-- Copying the parent's state when they were written counted them one way in their row and another in the take.
DROP TRIGGER "booking_resources_live" ON "booking_resources";
--> statement-breakpoint
DROP TRIGGER "waitlist_resources_live" ON "waitlist_resources";
--> statement-breakpoint
DROP FUNCTION "booking_row_live"();
--> statement-breakpoint
DROP FUNCTION "waitlist_row_live"();
--> statement-breakpoint
-- A change of a resource's room or of the way it counts drops its rows; they are made again from the source.
CREATE FUNCTION "resource_loads_drop"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'resources' THEN
    DELETE FROM resource_loads WHERE resource_id = NEW.id;
  ELSE
    DELETE FROM resource_loads
    WHERE resource_id = coalesce(NEW.resource_id, OLD.resource_id) AND usedate = coalesce(NEW.usedate, OLD.usedate);
    IF TG_OP = 'UPDATE' AND (OLD.resource_id, OLD.usedate) IS DISTINCT FROM (NEW.resource_id, NEW.usedate) THEN
      DELETE FROM resource_loads WHERE resource_id = OLD.resource_id AND usedate = OLD.usedate;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "resources_loads_drop" AFTER UPDATE OF "capacity", "per" ON "resources" FOR EACH ROW
  WHEN (OLD.capacity IS DISTINCT FROM NEW.capacity OR OLD.per IS DISTINCT FROM NEW.per)
  EXECUTE FUNCTION "resource_loads_drop"();
--> statement-breakpoint
CREATE TRIGGER "resource_exceptions_loads_drop" AFTER INSERT OR UPDATE OR DELETE ON "resource_exceptions"
  FOR EACH ROW EXECUTE FUNCTION "resource_loads_drop"();
--> statement-breakpoint
-- The take. An option using one resource of its own (most that use any) takes its units with one conditional update;
-- pools and options using several go through resources_take_pooled. `new_rentals`: the sizes are those of rentals the
-- same statement writes for a new booking, taken here; otherwise (a line taken again) of rentals already written,
-- which their own changes count, only checked. Lock order (DESIGN §5, §16) as before: the
-- departure's row (the booking's statement or the caller), each resource's shared lock by id (staff changing it take
-- it alone), the resources' rows by id, then the shop's sizes.
DROP FUNCTION "resources_take"(text, date, text, integer, integer, text[], text[], text[]);
--> statement-breakpoint
CREATE FUNCTION "resources_take"(
  line_opcd text, line_usedate date, line_start text, travellers integer, items integer,
  models text[], boots text[], wear text[], new_rentals boolean
) RETURNS TABLE(resource_id integer, units integer) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  one record;
BEGIN
  SELECT count(*)::integer AS needs, min(o.resource_id) AS rid, bool_or(r.pool IS NOT NULL) AS pooled,
    min(CASE r.per WHEN 'day' THEN '' ELSE line_start END) AS key,
    min(CASE o.usage WHEN 'traveller' THEN travellers WHEN 'booking' THEN 1 ELSE items END) AS wanted
  INTO one
  FROM option_resources o JOIN resources r ON r.id = o.resource_id
  WHERE o.opcd = line_opcd;
  IF one.needs = 1 AND NOT one.pooled THEN
    PERFORM pg_advisory_xact_lock_shared(hashtextextended('resource ' || one.rid, 0));
    IF one.wanted > 0 THEN
      UPDATE resource_loads l SET held = l.held + one.wanted
      WHERE l.resource_id = one.rid AND l.usedate = line_usedate AND l.start_time = one.key
        AND l.held + one.wanted <= l.capacity;
      IF NOT FOUND THEN
        PERFORM resource_load_add(one.rid, line_usedate, line_start, 0);
        UPDATE resource_loads l SET held = l.held + one.wanted
        WHERE l.resource_id = one.rid AND l.usedate = line_usedate AND l.start_time = one.key
          AND l.held + one.wanted <= l.capacity;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'no room on resource %', one.rid USING ERRCODE = 'TB409', DETAIL = one.rid::text;
        END IF;
      END IF;
      resource_id := one.rid;
      units := one.wanted;
      RETURN NEXT;
    END IF;
  ELSIF one.needs > 0 THEN
    RETURN QUERY SELECT * FROM resources_take_pooled(line_opcd, line_usedate, line_start, travellers, items);
  END IF;
  PERFORM rental_sizes_take(line_opcd, line_usedate, models, boots, wear, new_rentals);
  RETURN;
END
$$;
--> statement-breakpoint
-- Every resource the line may take (whole pools), locked and their rows made where missing and locked, by id; then
-- each need, by the resource the option names, takes the first member with room: the one named, then its pool by id.
CREATE FUNCTION "resources_take_pooled"(
  line_opcd text, line_usedate date, line_start text, travellers integer, items integer
) RETURNS TABLE(resource_id integer, units integer) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  members integer[];
  need record;
  pick integer;
BEGIN
  SELECT array_agg(m.id ORDER BY m.id) INTO members
  FROM resources m
  WHERE m.id IN (SELECT o.resource_id FROM option_resources o WHERE o.opcd = line_opcd)
     OR m.pool IN (
       SELECT p.pool FROM option_resources o JOIN resources p ON p.id = o.resource_id
       WHERE o.opcd = line_opcd AND p.pool IS NOT NULL
     );
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('resource ' || m.id, 0))
  FROM (SELECT unnest(members) AS id ORDER BY 1 OFFSET 0) m;
  PERFORM resource_load_add(m.id, line_usedate, line_start, 0)
  FROM (
    SELECT r.id FROM resources r
    WHERE r.id = ANY(members) AND NOT EXISTS (
      SELECT 1 FROM resource_loads l
      WHERE l.resource_id = r.id AND l.usedate = line_usedate
        AND l.start_time = CASE r.per WHEN 'day' THEN '' ELSE line_start END)
    ORDER BY r.id
    OFFSET 0
  ) m;
  PERFORM 1 FROM resource_loads l JOIN resources r ON r.id = l.resource_id
  WHERE r.id = ANY(members) AND l.usedate = line_usedate
    AND l.start_time = CASE r.per WHEN 'day' THEN '' ELSE line_start END
  ORDER BY l.resource_id
  FOR UPDATE OF l;
  FOR need IN
    SELECT o.resource_id AS rid, r.pool,
      CASE o.usage WHEN 'traveller' THEN travellers WHEN 'booking' THEN 1 ELSE items END AS wanted
    FROM option_resources o JOIN resources r ON r.id = o.resource_id
    WHERE o.opcd = line_opcd
    ORDER BY o.resource_id
  LOOP
    CONTINUE WHEN need.wanted <= 0;
    UPDATE resource_loads l SET held = l.held + need.wanted
    WHERE (l.resource_id, l.usedate, l.start_time) = (
      SELECT c.resource_id, c.usedate, c.start_time
      FROM resources m
      JOIN resource_loads c ON c.resource_id = m.id AND c.usedate = line_usedate
        AND c.start_time = CASE m.per WHEN 'day' THEN '' ELSE line_start END
      WHERE (m.id = need.rid OR (need.pool IS NOT NULL AND m.pool = need.pool))
        AND c.capacity - c.held >= need.wanted
      ORDER BY m.id <> need.rid, m.id
      LIMIT 1
    )
    RETURNING l.resource_id INTO pick;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'no room on resource %', need.rid USING ERRCODE = 'TB409', DETAIL = need.rid::text;
    END IF;
    resource_id := pick;
    units := need.wanted;
    RETURN NEXT;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The row of a shop's size on a day, made from its rentals and its pairs when missing (`quantity` null: the shop does
-- not count the item), as resource_load_add makes a resource's. `pending`: the part of `delta` its rentals do not show
-- yet (a rental about to be written, counted before it is).
CREATE FUNCTION "rental_load_add"(shop integer, what text, which text, on_date date, delta integer, pending integer)
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO rental_loads AS l (facility_id, item, size, usedate, quantity, held)
  VALUES (shop, what, which, on_date, rental_quantity(shop, on_date, what, which),
    rental_used(shop, on_date, what, which) + pending)
  ON CONFLICT (facility_id, item, size, usedate) DO UPDATE SET held = l.held + delta WHERE delta <> 0;
END
$$;
--> statement-breakpoint
-- Changes of live rentals at a shop that counts its stock, applied per shop, item, size and day in that order as
-- resource_loads_apply applies units (`pending` as in rental_load_add: 1 for a rental not written yet). Only a shop
-- that lists stock has rows, so that a rental booking at one that does not is not slowed by them: the rows of a shop
-- that starts counting are made from its rentals when first needed, and a shop that stops has its rows dropped.
CREATE FUNCTION "rental_loads_apply"(shops integer[], days date[], models text[], boots text[], wear text[],
  deltas integer[], pending boolean) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT c.shop, w.item, w.size, c.on_date, sum(c.delta)::integer AS delta
    FROM unnest(shops, days, models, boots, wear, deltas) AS c(shop, on_date, model, boots_size, wear_size, delta)
    CROSS JOIN LATERAL (VALUES ('model', c.model), ('boots', c.boots_size), ('wear', c.wear_size)) w(item, size)
    WHERE c.on_date IS NOT NULL AND w.size <> '' AND EXISTS (SELECT 1 FROM rental_stock s WHERE s.facility_id = c.shop)
    GROUP BY 1, 2, 3, 4
    HAVING sum(c.delta) <> 0
    ORDER BY 1, 2, 3, 4
  LOOP
    UPDATE rental_loads l SET held = l.held + change.delta
    WHERE l.facility_id = change.shop AND l.item = change.item AND l.size = change.size AND l.usedate = change.on_date;
    IF NOT FOUND THEN
      PERFORM rental_load_add(change.shop, change.item, change.size, change.on_date, change.delta,
        CASE WHEN pending THEN change.delta ELSE 0 END);
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- A rental written for a booking already there (a rewrite of its rentals, the demo's data) is counted as it is written.
-- One written by the statement that makes its booking, which does not see the booking yet, was counted by that
-- statement's take (rental_sizes_take). A row's change before it is written is seen by the rows written after it in
-- the same statement, so a row made for the second of two rentals of one size counts the first.
CREATE OR REPLACE FUNCTION "booking_rental_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held_seats boolean;
BEGIN
  SELECT b.state NOT IN ('canceled', 'expired') INTO held_seats FROM bookings b WHERE b.rsvno = NEW.rsvno;
  NEW.live := coalesce(held_seats, true);
  IF NEW.usedate IS NULL THEN
    SELECT p.facility_id, p.usedate INTO NEW.facility_id, NEW.usedate FROM booking_rental_place(NEW.rsvno) p;
  END IF;
  IF held_seats AND NEW.facility_id IS NOT NULL THEN
    PERFORM rental_loads_apply(array[NEW.facility_id], array[NEW.usedate], array[NEW.model], array[NEW.boots_size],
      array[NEW.wear_size], array[1], true);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Every statement's change of rentals already written (their booking stopped holding its seats or holds them again,
-- they moved with their line, their sizes changed, they were deleted), applied once at the end of the statement: a
-- row made from the rentals then sees all of the statement's changes at once.
CREATE FUNCTION "rental_loads_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM rental_loads_apply(array_agg(c.facility_id), array_agg(c.usedate), array_agg(c.model),
      array_agg(c.boots_size), array_agg(c.wear_size), array_agg(c.delta), false)
    FROM (
      SELECT n.facility_id, n.usedate, n.model, n.boots_size, n.wear_size, 1 AS delta FROM new_rows n WHERE n.live
      UNION ALL
      SELECT o.facility_id, o.usedate, o.model, o.boots_size, o.wear_size, -1 FROM old_rows o WHERE o.live
    ) c;
  ELSE
    PERFORM rental_loads_apply(array_agg(o.facility_id), array_agg(o.usedate), array_agg(o.model),
      array_agg(o.boots_size), array_agg(o.wear_size), array_agg(-1), false)
    FROM old_rows o WHERE o.live;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "booking_rentals_recounted" AFTER UPDATE ON "booking_rentals"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "rental_loads_follow"();
--> statement-breakpoint
CREATE TRIGGER "booking_rentals_uncounted" AFTER DELETE ON "booking_rentals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "rental_loads_follow"();
--> statement-breakpoint
-- A change of a shop's stock drops the rows it moves: every size of the item (a size the shop does not list has none
-- once it lists one), or the size's day; the last of a shop's stock, all of the shop's rows.
CREATE FUNCTION "rental_loads_drop"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'rental_stock' THEN
    DELETE FROM rental_loads l
    WHERE (l.facility_id, l.item) IN ((OLD.facility_id, OLD.item), (NEW.facility_id, NEW.item))
       OR (l.facility_id = OLD.facility_id AND NOT EXISTS (SELECT 1 FROM rental_stock s WHERE s.facility_id = OLD.facility_id));
  ELSE
    DELETE FROM rental_loads
    WHERE (facility_id, item, size, usedate) IN (
      (OLD.facility_id, OLD.item, OLD.size, OLD.usedate), (NEW.facility_id, NEW.item, NEW.size, NEW.usedate));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "rental_stock_loads_drop" AFTER INSERT OR UPDATE OR DELETE ON "rental_stock"
  FOR EACH ROW EXECUTE FUNCTION "rental_loads_drop"();
--> statement-breakpoint
CREATE TRIGGER "rental_stock_days_loads_drop" AFTER INSERT OR UPDATE OR DELETE ON "rental_stock_days"
  FOR EACH ROW EXECUTE FUNCTION "rental_loads_drop"();
--> statement-breakpoint
-- The row of a size's day locked (made where missing): its quantity and what it holds.
CREATE FUNCTION "rental_load_lock"(shop integer, what text, which text, on_date date)
RETURNS TABLE(quantity integer, held integer) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN QUERY SELECT l.quantity, l.held FROM rental_loads l
  WHERE l.facility_id = shop AND l.item = what AND l.size = which AND l.usedate = on_date
  FOR UPDATE;
  IF NOT FOUND THEN
    PERFORM rental_load_add(shop, what, which, on_date, 0, 0);
    RETURN QUERY SELECT l.quantity, l.held FROM rental_loads l
    WHERE l.facility_id = shop AND l.item = what AND l.size = which AND l.usedate = on_date
    FOR UPDATE;
  END IF;
END
$$;
--> statement-breakpoint
-- The rows of the sizes `booking` rents on each of its rental lines' days at a shop that counts its stock, with those
-- of `models`, `boots` and `wear` (the sizes it is about to rent instead), made where missing and locked in item and
-- size order, after the shop's shared lock: a rewrite of its rentals then moves counts between rows it holds. With
-- `check_held`, a size whose day holds more than the shop has raises SQLSTATE TB410.
CREATE FUNCTION "rental_sizes_lock"(booking text, models text[], boots text[], wear text[], check_held boolean)
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  line record;
  want record;
BEGIN
  FOR line IN
    SELECT DISTINCT o.facility_id AS shop, bo.usedate FROM booking_options bo JOIN options o ON o.opcd = bo.opcd
    WHERE bo.rsvno = booking AND EXISTS (SELECT 1 FROM rental_stock s WHERE s.facility_id = o.facility_id)
    ORDER BY 1, 2
  LOOP
    PERFORM pg_advisory_xact_lock_shared(hashtext('rental-stock'), line.shop);
    FOR want IN
      SELECT a.item, a.size, g.quantity, g.held
      FROM (
        SELECT DISTINCT u.item, u.size FROM (
          SELECT 'model' AS item, r.model AS size FROM booking_rentals r WHERE r.rsvno = booking
          UNION ALL SELECT 'boots', r.boots_size FROM booking_rentals r WHERE r.rsvno = booking
          UNION ALL SELECT 'wear', r.wear_size FROM booking_rentals r WHERE r.rsvno = booking
          UNION ALL SELECT 'model', unnest(models)
          UNION ALL SELECT 'boots', unnest(boots)
          UNION ALL SELECT 'wear', unnest(wear)
        ) u
        WHERE u.size <> ''
        ORDER BY 1, 2
        OFFSET 0
      ) a
      CROSS JOIN LATERAL rental_load_lock(line.shop, a.item, a.size, line.usedate) g
    LOOP
      IF check_held AND want.quantity < want.held THEN
        RAISE EXCEPTION 'no % of size % left', want.item, want.size
          USING ERRCODE = 'TB410', DETAIL = want.item || ':' || want.size;
      END IF;
    END LOOP;
  END LOOP;
END
$$;
--> statement-breakpoint
-- After a rewrite of the booking's rentals in this transaction (my page's レンタル詳細・変更, a staff edit): its sizes'
-- rows already count its new choices.
CREATE OR REPLACE FUNCTION "rental_sizes_hold"(booking text) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM rental_sizes_lock(booking, '{}', '{}', '{}', true);
END
$$;
--> statement-breakpoint
-- The sizes a line asks for, in item and size order, after the shop's shared lock. For a new booking (`new_rentals`)
-- each is taken with one conditional update of its day's row, as a resource's units are; the statement's rentals are
-- then counted already. For a line taken again (a change of departure, a late payment) its rentals are written and
-- counted by their own changes: each row is locked and checked with what the line asks added, as before.
DROP FUNCTION "rental_sizes_take"(text, date, text[], text[], text[]);
--> statement-breakpoint
CREATE FUNCTION "rental_sizes_take"(line_opcd text, line_usedate date, models text[], boots text[], wear text[],
  new_rentals boolean)
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  shop integer;
  want record;
  got record;
BEGIN
  SELECT o.facility_id INTO shop FROM options o WHERE o.opcd = line_opcd;
  IF shop IS NULL THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtext('rental-stock'), shop);
  IF NOT EXISTS (SELECT 1 FROM rental_stock s WHERE s.facility_id = shop) THEN
    RETURN;
  END IF;
  FOR want IN
    SELECT a.item, a.size, count(*)::integer AS n
    FROM (
      SELECT 'model' AS item, unnest(models) AS size
      UNION ALL SELECT 'boots', unnest(boots)
      UNION ALL SELECT 'wear', unnest(wear)
    ) a
    WHERE a.size <> ''
    GROUP BY a.item, a.size
    ORDER BY a.item, a.size
  LOOP
    IF new_rentals THEN
      UPDATE rental_loads l SET held = l.held + want.n
      WHERE l.facility_id = shop AND l.item = want.item AND l.size = want.size AND l.usedate = line_usedate
        AND (l.quantity IS NULL OR l.held + want.n <= l.quantity);
      CONTINUE WHEN FOUND;
      PERFORM rental_load_add(shop, want.item, want.size, line_usedate, 0, 0);
      UPDATE rental_loads l SET held = l.held + want.n
      WHERE l.facility_id = shop AND l.item = want.item AND l.size = want.size AND l.usedate = line_usedate
        AND (l.quantity IS NULL OR l.held + want.n <= l.quantity);
      CONTINUE WHEN FOUND;
    ELSE
      SELECT g.quantity, g.held INTO got FROM rental_load_lock(shop, want.item, want.size, line_usedate) g;
      CONTINUE WHEN NOT (got.quantity < got.held + want.n);
    END IF;
    RAISE EXCEPTION 'no % of size % left', want.item, want.size
      USING ERRCODE = 'TB410', DETAIL = want.item || ':' || want.size;
  END LOOP;
END
$$;
--> statement-breakpoint
DROP FUNCTION "rental_sizes_short"(integer, date, text[], text[], integer[]);
--> statement-breakpoint
-- Every booking that takes units asks which options share them (to refresh their calendars). PostgreSQL planned that
-- query again at each call, its generic plan being estimated dearer than a custom one: 0.15–0.2 ms of such a
-- booking, where the generic plan runs in 0.03 ms.
ALTER FUNCTION "options_sharing"(integer[]) SET plan_cache_mode = force_generic_plan;
