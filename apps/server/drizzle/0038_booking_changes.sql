CREATE TABLE "booking_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"rsvno" text NOT NULL,
	"to_usedate" date NOT NULL,
	"to_start_time" text NOT NULL,
	"amount_before" integer NOT NULL,
	"amount_after" integer NOT NULL,
	"state" text DEFAULT 'awaiting_payment' NOT NULL,
	"checkout_session_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "booking_changes_costs_more" CHECK ("booking_changes"."amount_after" > "booking_changes"."amount_before")
);
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_changes_rsvno_idx" ON "booking_changes" USING btree ("rsvno");--> statement-breakpoint
CREATE INDEX "booking_changes_checkout_idx" ON "booking_changes" USING btree ("checkout_session_id") WHERE "booking_changes"."state" = 'awaiting_payment';