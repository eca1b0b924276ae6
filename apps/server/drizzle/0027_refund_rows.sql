CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"rsvno" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "provider_calls" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_rsvno_idx" ON "refunds" USING btree ("rsvno");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "provider_calls" ADD CONSTRAINT "provider_calls_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "refunds" ("id", "payment_id", "rsvno", "amount", "reason", "state", "provider_ref", "created_at", "done_at")
SELECT "id", "payment_id", "rsvno", "amount", coalesce("reason", 'cancel'),
  CASE "state" WHEN 'done' THEN 'succeeded' WHEN 'failed' THEN 'failed' WHEN 'void' THEN 'void' ELSE 'pending' END,
  "provider_ref", "created_at", "done_at"
FROM "provider_calls" WHERE "kind" = 'refund' AND "payment_id" IS NOT NULL AND "amount" > 0;--> statement-breakpoint
UPDATE "provider_calls" SET "refund_id" = "id" WHERE "kind" = 'refund' AND "id" IN (SELECT "id" FROM "refunds");--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('refunds', 'id'), coalesce((SELECT max("id") FROM "refunds"), 0) + 1, false);
