CREATE INDEX "booking_options_usedate_idx" ON "booking_options" USING btree ("usedate");--> statement-breakpoint
CREATE INDEX "bookings_rsvdate_idx" ON "bookings" USING btree ("rsvdate");--> statement-breakpoint
CREATE INDEX "bookings_fromdate_idx" ON "bookings" USING btree ("fromdate","rsvdate");--> statement-breakpoint
CREATE INDEX "bookings_unpaid_rsvdate_idx" ON "bookings" USING btree ("rsvdate") WHERE "bookings"."status" = 1 and "bookings"."status_payment" = 0 and "bookings"."canceled_at" is null;--> statement-breakpoint
CREATE INDEX "customer_sessions_rsvno_idx" ON "customer_sessions" USING btree ("rsvno");--> statement-breakpoint
CREATE INDEX "outbox_rsvno_idx" ON "outbox" USING btree ("rsvno","id");