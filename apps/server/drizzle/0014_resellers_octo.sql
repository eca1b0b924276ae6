CREATE TABLE "octo_bookings" (
	"rsvno" text PRIMARY KEY NOT NULL,
	"reseller_id" integer NOT NULL,
	"uuid" text NOT NULL,
	"reseller_reference" text,
	"contact" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" text,
	"unit_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancellation_reason" text
);
--> statement-breakpoint
CREATE TABLE "reseller_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"reseller_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"rate_per_minute" integer DEFAULT 600 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "resellers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"commission_bp" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "resellers_commission_range" CHECK ("resellers"."commission_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reseller_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "net_amount" integer;--> statement-breakpoint
ALTER TABLE "octo_bookings" ADD CONSTRAINT "octo_bookings_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "octo_bookings" ADD CONSTRAINT "octo_bookings_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_keys" ADD CONSTRAINT "reseller_keys_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "octo_bookings_uuid_uq" ON "octo_bookings" USING btree ("reseller_id","uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "octo_bookings_reference_uq" ON "octo_bookings" USING btree ("reseller_id","reseller_reference") WHERE "octo_bookings"."reseller_reference" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_keys_hash_uq" ON "reseller_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "reseller_keys_reseller_idx" ON "reseller_keys" USING btree ("reseller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resellers_name_uq" ON "resellers" USING btree ("name");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_reseller_idx" ON "bookings" USING btree ("reseller_id","rsvdate") WHERE "bookings"."reseller_id" is not null;