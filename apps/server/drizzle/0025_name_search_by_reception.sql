-- ADR 0179: 予約一覧's name search read in the list's order. A name is searched from its start, in either order
-- (family then given name, given then family); the key is its first two or three characters, then the reception time.
DROP INDEX "booking_members_name_trgm_idx";--> statement-breakpoint
DROP INDEX "booking_members_sei_prefix_idx";--> statement-breakpoint
DROP INDEX "booking_members_mei_prefix_idx";--> statement-breakpoint
DROP INDEX "bookings_name_trgm_idx";--> statement-breakpoint
DROP INDEX "bookings_sei_prefix_idx";--> statement-breakpoint
DROP INDEX "bookings_mei_prefix_idx";--> statement-breakpoint
DROP FUNCTION "search_name"(text, text);--> statement-breakpoint
DROP FUNCTION "search_part"(text);--> statement-breakpoint
-- Two names as one, as searched: lower case, without half- or full-width spaces.
CREATE FUNCTION "search_full"(a text, b text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(replace(replace(a || b, ' ', ''), '　', '')) $$;--> statement-breakpoint
-- Its first n characters: the key of the indexes below (written out, as an index is built with no search path).
CREATE FUNCTION "search_key"(a text, b text, n integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT left(lower(replace(replace(a || b, ' ', ''), '　', '')), n) $$;--> statement-breakpoint
ALTER TABLE "booking_members" ADD COLUMN "rsvdate" timestamp with time zone;--> statement-breakpoint
UPDATE "booking_members" m SET "rsvdate" = b."rsvdate" FROM "bookings" b WHERE b."rsvno" = m."rsvno";--> statement-breakpoint
-- A traveller carries the booking's reception time: given by the booking's own insert, else read here.
CREATE FUNCTION "booking_members_rsvdate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."rsvdate" := (SELECT b."rsvdate" FROM "bookings" b WHERE b."rsvno" = NEW."rsvno");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "booking_members_rsvdate" BEFORE INSERT ON "booking_members"
  FOR EACH ROW WHEN (NEW."rsvdate" IS NULL) EXECUTE FUNCTION "booking_members_rsvdate"();--> statement-breakpoint
CREATE FUNCTION "bookings_rsvdate_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "booking_members" SET "rsvdate" = NEW."rsvdate" WHERE "rsvno" = NEW."rsvno";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bookings_rsvdate_follow" AFTER UPDATE OF "rsvdate" ON "bookings"
  FOR EACH ROW WHEN (OLD."rsvdate" IS DISTINCT FROM NEW."rsvdate") EXECUTE FUNCTION "bookings_rsvdate_follow"();--> statement-breakpoint
-- Two characters (山田, 太郎; one character reads a range of them), and three (佐藤花子 reads 佐藤花, not all of 佐藤).
-- rsvno descending: a backward scan gives the list's newest-first order (rsvdate desc, rsvno asc). sei and mei are
-- included so that a longer name is checked, and a count made, from the index alone.
CREATE INDEX "bookings_name2_idx" ON "bookings"
  (search_key("sei", "mei", 2) text_pattern_ops, "rsvdate", "rsvno" DESC) INCLUDE ("sei", "mei");--> statement-breakpoint
CREATE INDEX "bookings_name2r_idx" ON "bookings"
  (search_key("mei", "sei", 2) text_pattern_ops, "rsvdate", "rsvno" DESC) INCLUDE ("sei", "mei");--> statement-breakpoint
CREATE INDEX "bookings_name3_idx" ON "bookings"
  (search_key("sei", "mei", 3), "rsvdate", "rsvno" DESC) INCLUDE ("sei", "mei");--> statement-breakpoint
CREATE INDEX "bookings_name3r_idx" ON "bookings"
  (search_key("mei", "sei", 3), "rsvdate", "rsvno" DESC) INCLUDE ("sei", "mei");--> statement-breakpoint
CREATE INDEX "booking_members_name2_idx" ON "booking_members"
  (search_key("sei", "mei", 2) text_pattern_ops, "rsvdate", "rsvno" DESC) INCLUDE ("sei", "mei");--> statement-breakpoint
CREATE INDEX "booking_members_name2r_idx" ON "booking_members"
  (search_key("mei", "sei", 2) text_pattern_ops, "rsvdate", "rsvno" DESC) INCLUDE ("sei", "mei");--> statement-breakpoint
CREATE INDEX "booking_members_name3_idx" ON "booking_members"
  (search_key("sei", "mei", 3), "rsvdate", "rsvno" DESC) INCLUDE ("sei", "mei");--> statement-breakpoint
CREATE INDEX "booking_members_name3r_idx" ON "booking_members"
  (search_key("mei", "sei", 3), "rsvdate", "rsvno" DESC) INCLUDE ("sei", "mei");
