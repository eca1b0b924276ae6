-- ADR 0209: the facility that owns a resource (a ski shop's boots, a boat company's ship); null: the company's own. An option
-- of a facility may use only its facility's resources (checked by the console's calls, not here).
ALTER TABLE "resources" ADD COLUMN "facility_id" integer;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;