CREATE TABLE "option_price_ranges" (
	"opcd" text PRIMARY KEY NOT NULL,
	"from_day" date NOT NULL,
	"min_adult" integer,
	"max_adult" integer
);
--> statement-breakpoint
ALTER TABLE "option_price_ranges" ADD CONSTRAINT "option_price_ranges_opcd_options_opcd_fk" FOREIGN KEY ("opcd") REFERENCES "public"."options"("opcd") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Issue 30: each option's lowest and highest adult price from today (Tokyo) on, kept as stock prices change, so
-- that the list sorted by price reads one row per option instead of all of its future days. Statement triggers
-- with transition tables: a seed or a bulk edit of many days refreshes each option once, and a booking's update
-- of the seats left (its prices unchanged) refreshes nothing.
CREATE FUNCTION "option_price_range_refresh"(p_opcds text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO option_price_ranges (opcd, from_day, min_adult, max_adult)
  SELECT o.opcd, (now() AT TIME ZONE 'Asia/Tokyo')::date, r.min_adult, r.max_adult
  FROM unnest(p_opcds) AS o(opcd)
  JOIN options op ON op.opcd = o.opcd
  LEFT JOIN LATERAL (
    SELECT min(s.adultbaika) AS min_adult, max(s.adultbaika) AS max_adult FROM stock s
    WHERE s.opcd = o.opcd AND s.usedate >= (now() AT TIME ZONE 'Asia/Tokyo')::date
  ) r ON true
  ON CONFLICT (opcd) DO UPDATE
    SET from_day = excluded.from_day, min_adult = excluded.min_adult, max_adult = excluded.max_adult
$$;
--> statement-breakpoint
CREATE FUNCTION "stock_price_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM option_price_range_refresh(array(SELECT DISTINCT opcd FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM option_price_range_refresh(array(SELECT DISTINCT opcd FROM old_rows));
  ELSE
    PERFORM option_price_range_refresh(array(
      SELECT DISTINCT n.opcd FROM new_rows n JOIN old_rows o ON o.opcd = n.opcd AND o.usedate = n.usedate
      WHERE o.adultbaika IS DISTINCT FROM n.adultbaika
      UNION SELECT n.opcd FROM new_rows n WHERE NOT EXISTS (
        SELECT 1 FROM old_rows o WHERE o.opcd = n.opcd AND o.usedate = n.usedate)
      UNION SELECT o.opcd FROM old_rows o WHERE NOT EXISTS (
        SELECT 1 FROM new_rows n WHERE n.opcd = o.opcd AND n.usedate = o.usedate)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stock_prices_inserted" AFTER INSERT ON "stock" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "stock_price_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "stock_prices_updated" AFTER UPDATE ON "stock" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "stock_price_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "stock_prices_deleted" AFTER DELETE ON "stock" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "stock_price_rows_changed"();
--> statement-breakpoint
SELECT option_price_range_refresh(array(SELECT opcd FROM options));
