-- ADR 0196: a departure (an option's day at a start time, or the whole day) is the unit of stock and price. Every
-- day of the stock becomes its all-day departure (start_time ''), with its figures as they were.
ALTER TABLE "stock" RENAME TO "departures";--> statement-breakpoint
ALTER TABLE "departures" ADD COLUMN "start_time" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "departures" ADD COLUMN "end_time" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "departures" RENAME CONSTRAINT "stock_zaikozan_nonnegative" TO "departures_zaikozan_nonnegative";--> statement-breakpoint
ALTER TABLE "departures" RENAME CONSTRAINT "stock_opcd_options_opcd_fk" TO "departures_opcd_options_opcd_fk";--> statement-breakpoint
ALTER INDEX "stock_usedate_idx" RENAME TO "departures_usedate_idx";--> statement-breakpoint
ALTER TABLE "departures" DROP CONSTRAINT "stock_opcd_usedate_pk";--> statement-breakpoint
ALTER TABLE "departures" ADD CONSTRAINT "departures_opcd_usedate_start_time_pk" PRIMARY KEY("opcd","usedate","start_time");--> statement-breakpoint
ALTER TABLE "departures" ADD CONSTRAINT "departures_start_time_format" CHECK ("departures"."start_time" ~ '^(([01][0-9]|2[0-3]):[0-5][0-9])?$');--> statement-breakpoint
ALTER TABLE "departures" ADD CONSTRAINT "departures_end_time_format" CHECK ("departures"."end_time" ~ '^(([01][0-9]|2[0-3]):[0-5][0-9])?$');--> statement-breakpoint
ALTER TABLE "booking_options" ADD COLUMN "start_time" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_options" ADD COLUMN "end_time" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "start_time" text DEFAULT '' NOT NULL;--> statement-breakpoint
DROP INDEX "booking_options_day_idx";--> statement-breakpoint
DROP INDEX "waitlist_day_idx";--> statement-breakpoint
CREATE INDEX "booking_options_day_idx" ON "booking_options" USING btree ("opcd","usedate","start_time");--> statement-breakpoint
CREATE INDEX "waitlist_day_idx" ON "waitlist_entries" USING btree ("opcd","usedate","start_time","state","id");--> statement-breakpoint
ALTER TRIGGER "stock_changed" ON "departures" RENAME TO "departures_changed";--> statement-breakpoint
ALTER TRIGGER "stock_truncated" ON "departures" RENAME TO "departures_truncated";--> statement-breakpoint
ALTER TRIGGER "stock_prices_inserted" ON "departures" RENAME TO "departures_prices_inserted";--> statement-breakpoint
ALTER TRIGGER "stock_prices_updated" ON "departures" RENAME TO "departures_prices_updated";--> statement-breakpoint
ALTER TRIGGER "stock_prices_deleted" ON "departures" RENAME TO "departures_prices_deleted";--> statement-breakpoint
-- The functions of migration 0016 named the table; a departure is (opcd, usedate, start_time).
CREATE OR REPLACE FUNCTION "option_price_range_refresh"(p_opcds text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO option_price_ranges (opcd, from_day, min_adult, max_adult)
  SELECT o.opcd, (now() AT TIME ZONE 'Asia/Tokyo')::date, r.min_adult, r.max_adult
  FROM unnest(p_opcds) AS o(opcd)
  JOIN options op ON op.opcd = o.opcd
  LEFT JOIN LATERAL (
    SELECT min(s.adultbaika) AS min_adult, max(s.adultbaika) AS max_adult FROM departures s
    WHERE s.opcd = o.opcd AND s.usedate >= (now() AT TIME ZONE 'Asia/Tokyo')::date
  ) r ON true
  ON CONFLICT (opcd) DO UPDATE
    SET from_day = excluded.from_day, min_adult = excluded.min_adult, max_adult = excluded.max_adult
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "stock_price_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM option_price_range_refresh(array(SELECT DISTINCT opcd FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM option_price_range_refresh(array(SELECT DISTINCT opcd FROM old_rows));
  ELSE
    PERFORM option_price_range_refresh(array(
      SELECT DISTINCT n.opcd FROM new_rows n
        JOIN old_rows o ON o.opcd = n.opcd AND o.usedate = n.usedate AND o.start_time = n.start_time
      WHERE o.adultbaika IS DISTINCT FROM n.adultbaika
      UNION SELECT n.opcd FROM new_rows n WHERE NOT EXISTS (
        SELECT 1 FROM old_rows o WHERE o.opcd = n.opcd AND o.usedate = n.usedate AND o.start_time = n.start_time)
      UNION SELECT o.opcd FROM old_rows o WHERE NOT EXISTS (
        SELECT 1 FROM new_rows n WHERE n.opcd = o.opcd AND n.usedate = o.usedate AND n.start_time = o.start_time)));
  END IF;
  RETURN NULL;
END
$$;
