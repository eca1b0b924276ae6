CREATE TABLE "day_stop_departures" (
	"stop_id" integer NOT NULL,
	"opcd" text NOT NULL,
	"usedate" date NOT NULL,
	"start_time" text NOT NULL,
	CONSTRAINT "day_stop_departures_opcd_usedate_start_time_pk" PRIMARY KEY("opcd","usedate","start_time"),
	CONSTRAINT "day_stop_departures_start_time_format" CHECK ("day_stop_departures"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
-- The column first: the new primary key names it.
ALTER TABLE "day_decisions" ADD COLUMN "start_time" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "day_decisions" DROP CONSTRAINT "day_decisions_opcd_usedate_pk";--> statement-breakpoint
ALTER TABLE "day_decisions" ADD CONSTRAINT "day_decisions_opcd_usedate_start_time_pk" PRIMARY KEY("opcd","usedate","start_time");--> statement-breakpoint
ALTER TABLE "day_stop_departures" ADD CONSTRAINT "day_stop_departures_stop_id_day_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."day_stops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_stop_departures" ADD CONSTRAINT "day_stop_departures_opcd_options_opcd_fk" FOREIGN KEY ("opcd") REFERENCES "public"."options"("opcd") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "day_stop_departures_stop_idx" ON "day_stop_departures" USING btree ("stop_id");