CREATE TABLE "booking_resources" (
	"rsvno" text NOT NULL,
	"resource_id" integer NOT NULL,
	"usedate" date NOT NULL,
	"start_time" text DEFAULT '' NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "booking_resources_rsvno_resource_id_usedate_start_time_pk" PRIMARY KEY("rsvno","resource_id","usedate","start_time"),
	CONSTRAINT "booking_resources_units_positive" CHECK ("booking_resources"."units" > 0)
);
--> statement-breakpoint
CREATE TABLE "option_resources" (
	"opcd" text NOT NULL,
	"resource_id" integer NOT NULL,
	"usage" text NOT NULL,
	CONSTRAINT "option_resources_opcd_resource_id_pk" PRIMARY KEY("opcd","resource_id"),
	CONSTRAINT "option_resources_usage" CHECK ("option_resources"."usage" in ('traveller', 'booking', 'rental'))
);
--> statement-breakpoint
CREATE TABLE "resource_exceptions" (
	"resource_id" integer NOT NULL,
	"usedate" date NOT NULL,
	"capacity" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "resource_exceptions_resource_id_usedate_pk" PRIMARY KEY("resource_id","usedate"),
	CONSTRAINT "resource_exceptions_capacity_nonnegative" CHECK ("resource_exceptions"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"capacity" integer NOT NULL,
	"per" text DEFAULT 'departure' NOT NULL,
	"pool" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_capacity_nonnegative" CHECK ("resources"."capacity" >= 0),
	CONSTRAINT "resources_kind" CHECK ("resources"."kind" in ('vehicle', 'guide', 'rental')),
	CONSTRAINT "resources_per" CHECK ("resources"."per" in ('day', 'departure'))
);
--> statement-breakpoint
ALTER TABLE "booking_resources" ADD CONSTRAINT "booking_resources_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_resources" ADD CONSTRAINT "booking_resources_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_resources" ADD CONSTRAINT "option_resources_opcd_options_opcd_fk" FOREIGN KEY ("opcd") REFERENCES "public"."options"("opcd") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_resources" ADD CONSTRAINT "option_resources_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_exceptions" ADD CONSTRAINT "resource_exceptions_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_resources_day_idx" ON "booking_resources" USING btree ("resource_id","usedate","start_time");--> statement-breakpoint
CREATE INDEX "option_resources_resource_idx" ON "option_resources" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "resources_pool_idx" ON "resources" USING btree ("pool");--> statement-breakpoint
-- ADR 0209: the units of the resources an option uses that one booking line takes, chosen and checked inside the
-- statement that takes its seats and writes the booking, so that no booking is ever written beyond a resource's room.
--
-- Lock order (DESIGN §5, §16): the departure's row first (the statement's conditional update, or the caller's lock),
-- then every resource the line may take, whole pools, by id: its row in KEY SHARE mode (staff changing it wait) and
-- its day by an advisory lock (bookings of the same resource and day wait for each other, other days do not). A VOLATILE function takes a fresh snapshot for each query
-- it runs (READ COMMITTED), so once it holds those locks it sees every booking that held them before and committed.
--
-- A resource's units count while their booking holds its seats: its state is neither canceled nor expired. Every path
-- that gives seats back changes that state in the same transaction, so it gives the units back too.
--
-- With no room on a resource (nor on any of its pool) it raises SQLSTATE TB409, the resource's id as DETAIL, so that
-- the whole statement, seats taken included, is undone; without a rental size asked for, TB410 (rental_sizes_take).
CREATE FUNCTION "resources_take"(
  line_opcd text, line_usedate date, line_start text, travellers integer, items integer,
  models text[], boots text[], wear text[]
) RETURNS TABLE(resource_id integer, units integer) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  need record;
  member record;
  used integer;
  found_room boolean;
BEGIN
  -- Each resource's row is held against a change by staff (their FOR UPDATE waits), and each resource's day is locked
  -- for the bookings of that day alone: bookings of other days take the same boat at once.
  FOR member IN
    SELECT r.id FROM resources r
    WHERE r.id IN (SELECT o.resource_id FROM option_resources o WHERE o.opcd = line_opcd)
       OR r.pool IN (
         SELECT p.pool FROM option_resources o JOIN resources p ON p.id = o.resource_id
         WHERE o.opcd = line_opcd AND p.pool IS NOT NULL
       )
    ORDER BY r.id
    FOR KEY SHARE
  LOOP
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
    -- The resource the option names first, then the rest of its pool by id: the first with room is taken.
    FOR member IN
      SELECT r.id, r.per, coalesce(x.capacity, r.capacity) AS capacity
      FROM resources r
      LEFT JOIN resource_exceptions x ON x.resource_id = r.id AND x.usedate = line_usedate
      WHERE r.id = need.rid OR (need.pool IS NOT NULL AND r.pool = need.pool)
      ORDER BY r.id <> need.rid, r.id
    LOOP
      SELECT coalesce(sum(br.units), 0)::integer INTO used
      FROM booking_resources br JOIN bookings b ON b.rsvno = br.rsvno
      WHERE br.resource_id = member.id AND br.usedate = line_usedate
        AND (member.per = 'day' OR br.start_time = line_start)
        AND b.state NOT IN ('canceled', 'expired');
      IF member.capacity - used >= need.wanted THEN
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
  -- Last in the lock order: the rental shop's sizes (migration 0042).
  PERFORM rental_sizes_take(line_opcd, line_usedate, models, boots, wear);
  RETURN;
END
$$;
