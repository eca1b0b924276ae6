-- A reseller's booking keeps the commission it was sold at (basis points of the retail price), so that a change of
-- day re-prices what the reseller owes at that rate and not at the reseller's commission of the day.
--
-- Bookings sold before this column get the rate their own figures imply: net_amount is the retail price less the
-- commission rounded down per unit, so (amountjp - net_amount) / amountjp is the rate or a hair under it; rounded
-- up, it is the rate for any unit price of at least 10,000 basis points' worth of yen and off by at most one basis
-- point below that. A booking of nothing (amountjp 0) takes the reseller's present commission: there is nothing to
-- re-price. bookings.ts's impliedCommissionBp is the same rule, for a row this statement has not seen.
ALTER TABLE "bookings" ADD COLUMN "commission_bp" integer;--> statement-breakpoint
UPDATE "bookings" b SET "commission_bp" = CASE
    WHEN b."amountjp" > 0 AND b."net_amount" IS NOT NULL
      THEN least(10000, greatest(0, ceil((b."amountjp" - b."net_amount") * 10000.0 / b."amountjp")))::integer
    ELSE (SELECT r."commission_bp" FROM "resellers" r WHERE r."id" = b."reseller_id")
  END
  WHERE b."reseller_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_commission_range" CHECK ("bookings"."commission_bp" between 0 and 10000);
