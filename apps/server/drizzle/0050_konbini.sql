CREATE TABLE "konbini_slips" (
	"payment_id" integer PRIMARY KEY NOT NULL,
	"rsvno" text NOT NULL,
	"codes" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"voucher_url" text,
	"issued_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_state_known";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_state_agrees";--> statement-breakpoint
DROP INDEX "bookings_deadline_idx";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "awaiting_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "konbini_days" integer;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "slip" jsonb;--> statement-breakpoint
ALTER TABLE "konbini_slips" ADD CONSTRAINT "konbini_slips_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "konbini_slips" ADD CONSTRAINT "konbini_slips_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "konbini_slips_rsvno_idx" ON "konbini_slips" USING btree ("rsvno");--> statement-breakpoint
CREATE INDEX "konbini_slips_remind_idx" ON "konbini_slips" USING btree ("expires_at") WHERE "konbini_slips"."reminded_at" is null;--> statement-breakpoint
CREATE INDEX "bookings_deadline_idx" ON "bookings" USING btree ("payment_deadline_date") WHERE "bookings"."state" in ('offered', 'reserved', 'awaiting');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_state_known" CHECK (state in ('held', 'paid', 'requested', 'offered', 'reserved', 'awaiting', 'cancelling', 'canceled', 'expired'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_state_agrees" CHECK (case "bookings"."state"
        when 'held' then "bookings"."status" = 1 and "bookings"."status_payment" = 0 and "bookings"."canceled_at" is null
        when 'paid' then "bookings"."status" = 1 and "bookings"."status_payment" = 1 and "bookings"."canceled_at" is null
        when 'cancelling' then "bookings"."status" = 1 and "bookings"."canceled_at" is not null
        when 'requested' then "bookings"."status" = 6
        when 'offered' then "bookings"."status" = 0 and "bookings"."flg_request_rsv" = 1
        when 'reserved' then "bookings"."status" = 0 and "bookings"."flg_request_rsv" = 0
        when 'awaiting' then "bookings"."status" = 0 and "bookings"."flg_request_rsv" = 0 and "bookings"."payment_deadline_date" is not null
        when 'canceled' then "bookings"."status" = 4 and "bookings"."cancel_reason" is distinct from 'expired'
        when 'expired' then "bookings"."status" = 4 and "bookings"."cancel_reason" = 'expired'
        else false end);