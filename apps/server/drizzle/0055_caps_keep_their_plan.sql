-- Every booking sold to the public sums its holders' unpaid seats (migration 0031, ADR 0189). PostgreSQL planned that
-- query again at each call, its generic plan being estimated dearer than a custom one: about 0.1 ms a call, where the
-- generic plan, which reads the holds by their primary key whatever the holder, takes 0.02 ms (pgbench, one client).
ALTER FUNCTION "unpaid_seats_within_caps"(text[], integer[], text, date, timestamptz, integer)
  SET plan_cache_mode = force_generic_plan;
