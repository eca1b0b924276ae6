ALTER TABLE "waitlist_entries" ADD COLUMN "offer_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offer_token_uq" ON "waitlist_entries" USING btree ("offer_token_hash");