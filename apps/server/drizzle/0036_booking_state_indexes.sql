DROP INDEX "bookings_unpaid_rsvdate_idx";--> statement-breakpoint
DROP INDEX "bookings_privacy_canceled_idx";--> statement-breakpoint
DROP INDEX "bookings_awaiting_idx";--> statement-breakpoint
DROP INDEX "bookings_deadline_idx";--> statement-breakpoint
DROP INDEX "bookings_cancel_pending_idx";--> statement-breakpoint
CREATE INDEX "bookings_unpaid_rsvdate_idx" ON "bookings" USING btree ("rsvdate") WHERE "bookings"."state" = 'held';--> statement-breakpoint
CREATE INDEX "bookings_privacy_canceled_idx" ON "bookings" USING btree ("canceled_at") WHERE "bookings"."personal_erased_at" is null and "bookings"."state" in ('canceled', 'expired');--> statement-breakpoint
CREATE INDEX "bookings_awaiting_idx" ON "bookings" USING btree ("rsvdate") WHERE "bookings"."state" = 'requested';--> statement-breakpoint
CREATE INDEX "bookings_deadline_idx" ON "bookings" USING btree ("payment_deadline_date") WHERE "bookings"."state" in ('offered', 'reserved');--> statement-breakpoint
CREATE INDEX "bookings_cancel_pending_idx" ON "bookings" USING btree ("canceled_at") WHERE "bookings"."state" = 'cancelling';