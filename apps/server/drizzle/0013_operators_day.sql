CREATE TABLE "booking_reminders" (
	"rsvno" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_reminders_rsvno_kind_pk" PRIMARY KEY("rsvno","kind")
);
--> statement-breakpoint
CREATE TABLE "day_decisions" (
	"opcd" text NOT NULL,
	"usedate" date NOT NULL,
	"decision" text NOT NULL,
	"staff_id" integer,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "day_decisions_opcd_usedate_pk" PRIMARY KEY("opcd","usedate")
);
--> statement-breakpoint
CREATE TABLE "day_stop_days" (
	"stop_id" integer NOT NULL,
	"opcd" text NOT NULL,
	"usedate" date NOT NULL,
	CONSTRAINT "day_stop_days_opcd_usedate_pk" PRIMARY KEY("opcd","usedate")
);
--> statement-breakpoint
CREATE TABLE "day_stop_items" (
	"stop_id" integer NOT NULL,
	"rsvno" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"external" boolean DEFAULT false NOT NULL,
	"refund" integer DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "day_stop_items_stop_id_rsvno_pk" PRIMARY KEY("stop_id","rsvno")
);
--> statement-breakpoint
CREATE TABLE "day_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"staff_id" integer NOT NULL,
	"reason" text NOT NULL,
	"reason_text" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rental_sheets_sent" (
	"facility_id" integer NOT NULL,
	"usedate" date NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "rental_sheets_sent_facility_id_usedate_pk" PRIMARY KEY("facility_id","usedate")
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"opcd" text NOT NULL,
	"usedate" date NOT NULL,
	"mail" text NOT NULL,
	"party" integer NOT NULL,
	"lang" text DEFAULT 'ja' NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"token_hash" text,
	"held" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"rsvno" text,
	CONSTRAINT "waitlist_party_positive" CHECK ("waitlist_entries"."party" > 0)
);
--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "mail" text;--> statement-breakpoint
ALTER TABLE "options" ADD COLUMN "min_travellers" integer;--> statement-breakpoint
ALTER TABLE "options" ADD COLUMN "decision_days_before" integer;--> statement-breakpoint
ALTER TABLE "options" ADD COLUMN "decision_time" text;--> statement-breakpoint
ALTER TABLE "options" ADD COLUMN "day_before_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "options" ADD COLUMN "day_before_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_decisions" ADD CONSTRAINT "day_decisions_opcd_options_opcd_fk" FOREIGN KEY ("opcd") REFERENCES "public"."options"("opcd") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_decisions" ADD CONSTRAINT "day_decisions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_stop_days" ADD CONSTRAINT "day_stop_days_stop_id_day_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."day_stops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_stop_days" ADD CONSTRAINT "day_stop_days_opcd_options_opcd_fk" FOREIGN KEY ("opcd") REFERENCES "public"."options"("opcd") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_stop_items" ADD CONSTRAINT "day_stop_items_stop_id_day_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."day_stops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_stop_items" ADD CONSTRAINT "day_stop_items_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_stops" ADD CONSTRAINT "day_stops_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_sheets_sent" ADD CONSTRAINT "rental_sheets_sent_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_opcd_options_opcd_fk" FOREIGN KEY ("opcd") REFERENCES "public"."options"("opcd") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "day_stop_days_stop_idx" ON "day_stop_days" USING btree ("stop_id");--> statement-breakpoint
CREATE INDEX "day_stop_items_rsvno_idx" ON "day_stop_items" USING btree ("rsvno");--> statement-breakpoint
CREATE INDEX "day_stop_items_pending_idx" ON "day_stop_items" USING btree ("stop_id") WHERE "day_stop_items"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "day_stops_running_idx" ON "day_stops" USING btree ("id") WHERE "day_stops"."state" = 'running';--> statement-breakpoint
CREATE INDEX "waitlist_day_idx" ON "waitlist_entries" USING btree ("opcd","usedate","state","id");--> statement-breakpoint
CREATE INDEX "waitlist_offer_expiry_idx" ON "waitlist_entries" USING btree ("offer_expires_at") WHERE "waitlist_entries"."state" = 'offered';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_token_uq" ON "waitlist_entries" USING btree ("token_hash");