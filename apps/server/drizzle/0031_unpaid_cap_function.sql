-- Issue 30, ADR 0189: the cap on the seats each holder may hold unpaid per option and day (issue 11.9, ADR 0172),
-- checked inside the statement that writes a new booking, and when that statement also takes the seats.
--
-- The holds of the bookings before this one must be seen: the caller holds the day's stock row lock, taken by the
-- same statement's conditional update or by an earlier one (a キャンセル待ち offer's lock). A statement's own snapshot
-- was taken before it waited for that lock; a VOLATILE function takes a fresh snapshot for each query it runs (READ
-- COMMITTED), so this read sees every booking that held the lock before and has committed.
--
-- Over a cap it raises, so that the whole statement, seats taken included, is undone: SQLSTATE TB429, the cap that
-- was exceeded (the first of `caps` in their order) as DETAIL.
CREATE FUNCTION "unpaid_seats_within_caps"(
  holders text[], caps integer[], line_opcd text, line_usedate date, since timestamptz, wanted integer
) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  over_cap integer;
BEGIN
  SELECT c.cap INTO over_cap
  FROM unnest(holders, caps) WITH ORDINALITY AS c(holder, cap, n)
  WHERE coalesce((
    SELECT sum(h.seats) FROM unpaid_holds h
    WHERE h.holder = c.holder AND h.opcd = line_opcd AND h.usedate = line_usedate AND h.held_at >= since
  ), 0) + wanted > c.cap
  ORDER BY c.n
  LIMIT 1;
  IF over_cap IS NOT NULL THEN
    RAISE EXCEPTION 'unpaid seats over the cap' USING ERRCODE = 'TB429', DETAIL = over_cap::text;
  END IF;
  RETURN true;
END
$$;
