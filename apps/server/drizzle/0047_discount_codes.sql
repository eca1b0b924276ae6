CREATE TABLE "booking_discounts" (
	"rsvno" text PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"code" text NOT NULL,
	"list_amount" integer NOT NULL,
	"discount" integer NOT NULL,
	"tel_normalized" text NOT NULL,
	CONSTRAINT "booking_discounts_amounts" CHECK ("booking_discounts"."discount" >= 0 and "booking_discounts"."discount" <= "booking_discounts"."list_amount")
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"opcds" text[] DEFAULT '{}'::text[] NOT NULL,
	"book_from" date,
	"book_until" date,
	"travel_from" date,
	"travel_until" date,
	"total_limit" integer,
	"per_customer_limit" integer,
	"min_amount" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_kind" CHECK ("discount_codes"."kind" in ('percent', 'yen')),
	CONSTRAINT "discount_codes_value" CHECK ("discount_codes"."value" > 0 and ("discount_codes"."kind" = 'yen' or "discount_codes"."value" <= 100))
);
--> statement-breakpoint
ALTER TABLE "booking_discounts" ADD CONSTRAINT "booking_discounts_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_discounts" ADD CONSTRAINT "booking_discounts_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_discounts_code_idx" ON "booking_discounts" USING btree ("code_id","tel_normalized");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree ("code");--> statement-breakpoint
-- ADR 0210: the uses that count against a code's limits. A booking that expired, or was canceled before it was paid,
-- gives its use back by the state change that gives its seats back; a paid booking keeps it, canceled or not.
CREATE VIEW "discount_uses" AS
  SELECT d.rsvno, d.code_id, d.code, d.list_amount, d.discount, d.tel_normalized, b.state, b.status_payment
  FROM booking_discounts d JOIN bookings b ON b.rsvno = d.rsvno
  WHERE b.state <> 'expired' AND NOT (b.state = 'canceled' AND b.status_payment <> 1);
