-- The booking's state in one column (ADR 0193), read from the SPEC's fields as modules/booking/lifecycle.ts read them.
ALTER TABLE "bookings" ADD COLUMN "state" text;--> statement-breakpoint
UPDATE "bookings" SET "state" = CASE
  WHEN "status" = 4 THEN CASE WHEN "cancel_reason" = 'expired' THEN 'expired' ELSE 'canceled' END
  WHEN "status" = 6 THEN 'requested'
  WHEN "status" = 0 THEN CASE WHEN "flg_request_rsv" = 1 THEN 'offered' ELSE 'reserved' END
  WHEN "canceled_at" IS NOT NULL THEN 'cancelling'
  WHEN "status_payment" = 1 THEN 'paid'
  ELSE 'held'
END;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "state" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_state_known" CHECK (state in ('held', 'paid', 'requested', 'offered', 'reserved', 'cancelling', 'canceled', 'expired'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_state_agrees" CHECK (case "bookings"."state"
        when 'held' then "bookings"."status" = 1 and "bookings"."status_payment" = 0 and "bookings"."canceled_at" is null
        when 'paid' then "bookings"."status" = 1 and "bookings"."status_payment" = 1 and "bookings"."canceled_at" is null
        when 'cancelling' then "bookings"."status" = 1 and "bookings"."canceled_at" is not null
        when 'requested' then "bookings"."status" = 6
        when 'offered' then "bookings"."status" = 0 and "bookings"."flg_request_rsv" = 1
        when 'reserved' then "bookings"."status" = 0 and "bookings"."flg_request_rsv" = 0
        when 'canceled' then "bookings"."status" = 4 and "bookings"."cancel_reason" is distinct from 'expired'
        when 'expired' then "bookings"."status" = 4 and "bookings"."cancel_reason" = 'expired'
        else false end);