CREATE TABLE "areas" (
	"areacd" text PRIMARY KEY NOT NULL,
	"homencd" text NOT NULL,
	"areanm" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_members" (
	"rsvno" text NOT NULL,
	"seq" integer NOT NULL,
	"sei" text NOT NULL,
	"mei" text NOT NULL,
	"birthday" date NOT NULL,
	"sex" text NOT NULL,
	"ageclass" text NOT NULL,
	"nationality_id" integer DEFAULT 0 NOT NULL,
	"extended" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "booking_members_rsvno_seq_pk" PRIMARY KEY("rsvno","seq")
);
--> statement-breakpoint
CREATE TABLE "booking_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"rsvno" text NOT NULL,
	"pkcd" text DEFAULT 'X' NOT NULL,
	"opcd" text NOT NULL,
	"usedate" date NOT NULL,
	"adultqty" integer DEFAULT 0 NOT NULL,
	"middleqty" integer DEFAULT 0 NOT NULL,
	"childqty" integer DEFAULT 0 NOT NULL,
	"infantqty" integer DEFAULT 0 NOT NULL,
	"adultbaika" integer DEFAULT 0 NOT NULL,
	"middlebaika" integer DEFAULT 0 NOT NULL,
	"childbaika" integer DEFAULT 0 NOT NULL,
	"infantbaika" integer DEFAULT 0 NOT NULL,
	"seats" integer NOT NULL,
	"coupon_adult_used" integer DEFAULT 0 NOT NULL,
	"coupon_child_used" integer DEFAULT 0 NOT NULL,
	"ticket_url" text,
	"ex_rsvno" text,
	"ex_confirmno" text,
	"ex_url" text,
	CONSTRAINT "coupon_adult_used_range" CHECK ("booking_options"."coupon_adult_used" >= 0),
	CONSTRAINT "coupon_child_used_range" CHECK ("booking_options"."coupon_child_used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "booking_rentals" (
	"rsvno" text NOT NULL,
	"seq" integer NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"boots_size" text DEFAULT '' NOT NULL,
	"wear_size" text DEFAULT '' NOT NULL,
	CONSTRAINT "booking_rentals_rsvno_seq_pk" PRIMARY KEY("rsvno","seq")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"rsvno" text PRIMARY KEY NOT NULL,
	"pkcd" text DEFAULT 'X' NOT NULL,
	"status" integer NOT NULL,
	"status_payment" integer DEFAULT 0 NOT NULL,
	"flg_request_rsv" integer DEFAULT 0 NOT NULL,
	"rsvdate" timestamp with time zone NOT NULL,
	"payment_deadline_date" timestamp with time zone,
	"fromdate" date NOT NULL,
	"todate" date NOT NULL,
	"sei" text NOT NULL,
	"mei" text NOT NULL,
	"tel" text NOT NULL,
	"tel_normalized" text NOT NULL,
	"mail" text NOT NULL,
	"amountjp" integer NOT NULL,
	"md" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT 'ja' NOT NULL,
	"meetpoint" text,
	"cancel_policy" jsonb NOT NULL,
	"canceled_at" timestamp with time zone,
	"cancel_fee" integer,
	"refund_amount" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"citycd" text PRIMARY KEY NOT NULL,
	"areacd" text NOT NULL,
	"citynm" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"rsvno" text NOT NULL,
	"opcd" text NOT NULL,
	"pkcd" text NOT NULL,
	"adultqty" integer NOT NULL,
	"childqty" integer NOT NULL,
	"outcome" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"rsvno" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pin_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fromspots" (
	"fromspotcd" text PRIMARY KEY NOT NULL,
	"caption" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keywords" (
	"keycd" text PRIMARY KEY NOT NULL,
	"keyname" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nationalities" (
	"id" integer PRIMARY KEY NOT NULL,
	"nationality_nm" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_images" (
	"opcd" text NOT NULL,
	"seq" integer NOT NULL,
	"image" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	CONSTRAINT "option_images_opcd_seq_pk" PRIMARY KEY("opcd","seq")
);
--> statement-breakpoint
CREATE TABLE "option_keywords" (
	"opcd" text NOT NULL,
	"keycd" text NOT NULL,
	CONSTRAINT "option_keywords_opcd_keycd_pk" PRIMARY KEY("opcd","keycd")
);
--> statement-breakpoint
CREATE TABLE "options" (
	"opcd" text PRIMARY KEY NOT NULL,
	"webname" text NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"contents" text DEFAULT '' NOT NULL,
	"optionattention" text DEFAULT '' NOT NULL,
	"information" text DEFAULT '' NOT NULL,
	"cancel_note" text DEFAULT '' NOT NULL,
	"age_note" text DEFAULT '' NOT NULL,
	"homencd" text NOT NULL,
	"areacd" text NOT NULL,
	"citycd" text NOT NULL,
	"fromspotcd" text,
	"meetpoint" text,
	"use_from" date NOT NULL,
	"use_to" date NOT NULL,
	"companyname" text DEFAULT '' NOT NULL,
	"companyattention" text DEFAULT '' NOT NULL,
	"hours" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"tel" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"flg_request_item" boolean DEFAULT false NOT NULL,
	"adult_age_min" integer,
	"adult_age_max" integer,
	"middle_age_min" integer,
	"middle_age_max" integer,
	"child_age_min" integer,
	"child_age_max" integer,
	"infant_age_min" integer,
	"infant_age_max" integer,
	"min_people" integer,
	"max_people" integer,
	"rentalcd" text DEFAULT '' NOT NULL,
	"travelkubun" integer DEFAULT 0 NOT NULL,
	"extended_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ex_cd" integer DEFAULT 0 NOT NULL,
	"serviceno" text,
	"departure_point" text,
	"departure_time" text,
	"arrival_point" text,
	"arrival_time" text,
	"ex_issue_method" text,
	"is_coupon" boolean DEFAULT false NOT NULL,
	"facility_id" integer,
	"cancel_policy" jsonb,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"rsvno" text,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"rsvno" text NOT NULL,
	"provider" text NOT NULL,
	"checkout_session_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"charge_id" text,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"homencd" text PRIMARY KEY NOT NULL,
	"homennm" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"opcd" text NOT NULL,
	"usedate" date NOT NULL,
	"zaikozan" integer NOT NULL,
	"adultbaika" integer NOT NULL,
	"middlebaika" integer DEFAULT 0 NOT NULL,
	"childbaika" integer DEFAULT 0 NOT NULL,
	"infantbaika" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_opcd_usedate_pk" PRIMARY KEY("opcd","usedate"),
	CONSTRAINT "stock_zaikozan_nonnegative" CHECK ("stock"."zaikozan" >= 0)
);
--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_homencd_regions_homencd_fk" FOREIGN KEY ("homencd") REFERENCES "public"."regions"("homencd") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_members" ADD CONSTRAINT "booking_members_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_options" ADD CONSTRAINT "booking_options_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_options" ADD CONSTRAINT "booking_options_opcd_options_opcd_fk" FOREIGN KEY ("opcd") REFERENCES "public"."options"("opcd") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_rentals" ADD CONSTRAINT "booking_rentals_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_areacd_areas_areacd_fk" FOREIGN KEY ("areacd") REFERENCES "public"."areas"("areacd") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_images" ADD CONSTRAINT "option_images_opcd_options_opcd_fk" FOREIGN KEY ("opcd") REFERENCES "public"."options"("opcd") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_keywords" ADD CONSTRAINT "option_keywords_opcd_options_opcd_fk" FOREIGN KEY ("opcd") REFERENCES "public"."options"("opcd") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_keywords" ADD CONSTRAINT "option_keywords_keycd_keywords_keycd_fk" FOREIGN KEY ("keycd") REFERENCES "public"."keywords"("keycd") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_homencd_regions_homencd_fk" FOREIGN KEY ("homencd") REFERENCES "public"."regions"("homencd") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_areacd_areas_areacd_fk" FOREIGN KEY ("areacd") REFERENCES "public"."areas"("areacd") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_citycd_cities_citycd_fk" FOREIGN KEY ("citycd") REFERENCES "public"."cities"("citycd") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_fromspotcd_fromspots_fromspotcd_fk" FOREIGN KEY ("fromspotcd") REFERENCES "public"."fromspots"("fromspotcd") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_rsvno_bookings_rsvno_fk" FOREIGN KEY ("rsvno") REFERENCES "public"."bookings"("rsvno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_opcd_options_opcd_fk" FOREIGN KEY ("opcd") REFERENCES "public"."options"("opcd") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_options_rsvno_idx" ON "booking_options" USING btree ("rsvno");--> statement-breakpoint
CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status","status_payment");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_idem_uq" ON "coupon_uses" USING btree ("rsvno","idempotency_key");--> statement-breakpoint
CREATE INDEX "coupon_uses_rsvno_idx" ON "coupon_uses" USING btree ("rsvno");--> statement-breakpoint
CREATE INDEX "option_keywords_keycd_idx" ON "option_keywords" USING btree ("keycd");--> statement-breakpoint
CREATE INDEX "options_region_idx" ON "options" USING btree ("homencd","areacd","citycd");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_checkout_session_uq" ON "payments" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "payments_rsvno_idx" ON "payments" USING btree ("rsvno");--> statement-breakpoint
CREATE INDEX "stock_usedate_idx" ON "stock" USING btree ("usedate");