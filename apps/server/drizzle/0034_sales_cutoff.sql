ALTER TABLE "options" ADD COLUMN "sales_cutoff_days_before" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "options" ADD COLUMN "sales_cutoff_time" text DEFAULT '00:00' NOT NULL;