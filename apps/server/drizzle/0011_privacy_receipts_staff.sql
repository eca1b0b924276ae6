CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"rsvno" text NOT NULL,
	"kind" text NOT NULL,
	"addressee" text NOT NULL,
	"issue_count" integer DEFAULT 1 NOT NULL,
	"first_issued_at" timestamp with time zone NOT NULL,
	"last_issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_members" ALTER COLUMN "birthday" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "personal_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "totp_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_rsvno_kind_uq" ON "receipts" USING btree ("rsvno","kind");--> statement-breakpoint
CREATE INDEX "bookings_canceled_at_idx" ON "bookings" USING btree ("canceled_at") WHERE "bookings"."canceled_at" is not null;--> statement-breakpoint
CREATE INDEX "bookings_privacy_due_idx" ON "bookings" USING btree ("todate") WHERE "bookings"."personal_erased_at" is null;