CREATE TABLE "unpaid_holds" (
	"holder" text NOT NULL,
	"opcd" text NOT NULL,
	"usedate" date NOT NULL,
	"rsvno" text NOT NULL,
	"seats" integer NOT NULL,
	"held_at" timestamp with time zone NOT NULL,
	CONSTRAINT "unpaid_holds_holder_opcd_usedate_rsvno_pk" PRIMARY KEY("holder","opcd","usedate","rsvno")
);
--> statement-breakpoint
DROP INDEX "bookings_unpaid_ip_idx";--> statement-breakpoint
ALTER TABLE "unpaid_holds" ADD CONSTRAINT "unpaid_holds_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unpaid_holds_rsvno_idx" ON "unpaid_holds" USING btree ("rsvno");--> statement-breakpoint
-- ADR 0172: a booking's holds go when it leaves its unpaid state (paid, expired, canceled for good).
CREATE FUNCTION "unpaid_holds_released"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "unpaid_holds" WHERE "rsvno" = NEW."rsvno";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_unpaid_released" AFTER UPDATE OF "status", "status_payment" ON "bookings"
  FOR EACH ROW WHEN (OLD."status" = 1 AND OLD."status_payment" = 0 AND (NEW."status" <> 1 OR NEW."status_payment" <> 0))
  EXECUTE FUNCTION "unpaid_holds_released"();--> statement-breakpoint
-- The card bookings still within their hour keep counting (an IPv6 address by itself until they expire).
INSERT INTO "unpaid_holds" ("holder", "opcd", "usedate", "rsvno", "seats", "held_at")
SELECT h.holder, o."opcd", o."usedate", b."rsvno", o."seats", b."rsvdate"
FROM "bookings" b
JOIN "booking_options" o ON o."rsvno" = b."rsvno"
CROSS JOIN LATERAL (VALUES ('tel:' || b."tel_normalized"), ('ip:' || b."client_ip")) AS h(holder)
WHERE b."status" = 1 AND b."status_payment" = 0 AND b."flg_request_rsv" = 0 AND b."canceled_at" IS NULL
  AND b."reseller_id" IS NULL AND b."client_ip" IS NOT NULL AND b."rsvdate" > now() - interval '1 hour'
ON CONFLICT DO NOTHING;
