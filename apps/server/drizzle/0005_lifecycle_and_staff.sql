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
CREATE TABLE "staff_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"mail" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT true NOT NULL,
	"totp_secret" text,
	"totp_pending_secret" text,
	"totp_last_step" integer,
	"disabled_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_accounts_role" CHECK ("staff_accounts"."role" in ('admin', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "staff_audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"staff_id" integer,
	"mail" text NOT NULL,
	"kind" text NOT NULL,
	"ip" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"stage" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_calls" ADD CONSTRAINT "provider_calls_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_audit_events" ADD CONSTRAINT "staff_audit_events_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_rsvno_idx" ON "booking_events" USING btree ("rsvno","id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_calls_key_uq" ON "provider_calls" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "provider_calls_due_idx" ON "provider_calls" USING btree ("next_attempt_at") WHERE "provider_calls"."state" in ('begun', 'open');--> statement-breakpoint
CREATE INDEX "provider_calls_rsvno_idx" ON "provider_calls" USING btree ("rsvno");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_mail_uq" ON "staff_accounts" USING btree ("mail");--> statement-breakpoint
CREATE INDEX "staff_audit_events_staff_idx" ON "staff_audit_events" USING btree ("staff_id","at");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "bookings_unpaid_ip_idx" ON "bookings" USING btree ("client_ip") WHERE "bookings"."status" = 1 and "bookings"."status_payment" = 0;--> statement-breakpoint
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
