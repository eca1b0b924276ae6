-- ADR 0173: 予約一覧's searches by index. pg_trgm is a trusted extension (PostgreSQL 13+); PGlite loads its contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- A name as searched: lower case, without half- or full-width spaces.
CREATE FUNCTION "search_part"(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(replace(replace(t, ' ', ''), '　', '')) $$;--> statement-breakpoint
-- Family then given name then family again, as search_part writes it (an index is built with no search path): 山田太郎山田 holds 山田太郎 and 太郎山田, one index for both orders.
CREATE FUNCTION "search_name"(sei text, mei text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(replace(replace(sei || mei || sei, ' ', ''), '　', '')) $$;--> statement-breakpoint
CREATE INDEX "booking_members_name_trgm_idx" ON "booking_members" USING gin (search_name("sei", "mei") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "booking_members_sei_prefix_idx" ON "booking_members" USING btree (search_part("sei") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "booking_members_mei_prefix_idx" ON "booking_members" USING btree (search_part("mei") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_name_trgm_idx" ON "bookings" USING gin (search_name("sei", "mei") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_sei_prefix_idx" ON "bookings" USING btree (search_part("sei") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_mei_prefix_idx" ON "bookings" USING btree (search_part("mei") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_tel_trgm_idx" ON "bookings" USING gin ("tel_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_mail_trgm_idx" ON "bookings" USING gin (lower("mail") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_rsvno_trgm_idx" ON "bookings" USING gin (lower("rsvno") gin_trgm_ops);