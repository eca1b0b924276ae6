CREATE TABLE "check_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"rsvno" text NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"scanned_at" timestamp with time zone,
	"staff_id" integer NOT NULL,
	"device" text NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" integer
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_live_uq" ON "check_ins" USING btree ("rsvno","seq") WHERE "check_ins"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "check_ins_rsvno_idx" ON "check_ins" USING btree ("rsvno");