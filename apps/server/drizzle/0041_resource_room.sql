-- ADR 0209: how many travellers the resources an option uses still admit on a departure (of day `line_usedate`, at
-- `line_start`, '' for the whole day), or NULL when none limits it: the tightest of its resources, each the best member
-- of its pool. A resource taken per traveller admits its room; one taken per booking admits any party while it has a
-- unit left, none once it has not; rental items are counted by size, not here. Availability everywhere is the least of
-- this and the departure's own seats left (departures/repository.ts, `seatsLeftSql`).
CREATE FUNCTION "resource_room"(line_opcd text, line_usedate date, line_start text) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT min(CASE WHEN n.usage = 'traveller' THEN n.best WHEN n.best >= 1 THEN NULL ELSE 0 END)::integer
  FROM (
    SELECT o.resource_id, o.usage,
      max(greatest(coalesce(x.capacity, m.capacity) - coalesce((
        SELECT sum(br.units) FROM booking_resources br JOIN bookings b ON b.rsvno = br.rsvno
        WHERE br.resource_id = m.id AND br.usedate = line_usedate
          AND (m.per = 'day' OR br.start_time = line_start)
          AND b.state NOT IN ('canceled', 'expired')
      ), 0), 0)) AS best
    FROM option_resources o
    JOIN resources r ON r.id = o.resource_id
    JOIN resources m ON m.id = r.id OR (r.pool IS NOT NULL AND m.pool = r.pool)
    LEFT JOIN resource_exceptions x ON x.resource_id = m.id AND x.usedate = line_usedate
    WHERE o.opcd = line_opcd AND o.usage <> 'rental'
    GROUP BY o.resource_id, o.usage
  ) n
$$;
--> statement-breakpoint
-- The options whose availability a change of `changed` resources moves: those using them or a member of their pools.
CREATE FUNCTION "options_sharing"(changed integer[]) RETURNS SETOF text LANGUAGE sql STABLE AS $$
  SELECT DISTINCT o.opcd
  FROM resources c
  JOIN resources m ON m.id = c.id OR (c.pool IS NOT NULL AND m.pool = c.pool)
  JOIN option_resources o ON o.resource_id = m.id
  WHERE c.id = ANY(changed)
$$;
