CREATE TABLE "booking_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"rsvno" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "provider_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"rsvno" text NOT NULL,
	"payment_id" integer,
	"idempotency_key" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text,
	"request" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'begun' NOT NULL,
	"provider_ref" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"charge_id" text NOT NULL,
	"amount" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_calls" ADD CONSTRAINT "provider_calls_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_rsvno_idx" ON "booking_events" USING btree ("rsvno","id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_calls_key_uq" ON "provider_calls" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "provider_calls_due_idx" ON "provider_calls" USING btree ("next_attempt_at") WHERE "provider_calls"."state" in ('begun', 'open');--> statement-breakpoint
CREATE INDEX "provider_calls_rsvno_idx" ON "provider_calls" USING btree ("rsvno");--> statement-breakpoint
CREATE INDEX "bookings_cancel_pending_idx" ON "bookings" USING btree ("canceled_at") WHERE "bookings"."status" = 1 and "bookings"."canceled_at" is not null;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD CONSTRAINT "sandbox_checkouts_idempotency_key_unique" UNIQUE("idempotency_key");--> statement-breakpoint
-- The booking's history is append-only (ADR 0100): an update or delete of an event is refused.
CREATE FUNCTION "booking_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'booking_events is append-only';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "booking_events_no_change" BEFORE UPDATE OR DELETE ON "booking_events"
  FOR EACH ROW EXECUTE FUNCTION "booking_events_append_only"();
