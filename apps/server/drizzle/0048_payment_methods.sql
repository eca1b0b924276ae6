ALTER TABLE "payments" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "methods" text[] DEFAULT '{card}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "method" text;