-- ADR 0186: 予約一覧's mail search with one '@' reads the addresses whose local part ends with the text before it.
CREATE INDEX "bookings_mail_local_idx" ON "bookings" USING btree (reverse(split_part(lower("mail"), '@', 1)) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_mail_odd_idx" ON "bookings" USING btree ("rsvdate") WHERE lower("bookings"."mail") like '%@%@%';--> statement-breakpoint
-- The planner needs the new expression's statistics to pick the range over the trigrams (until then it walks every booking).
ANALYZE "bookings";
