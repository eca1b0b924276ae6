CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"every_ms" integer NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"nudged" boolean DEFAULT false NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_started_at" timestamp with time zone,
	"last_ended_at" timestamp with time zone,
	"last_ok_at" timestamp with time zone,
	"runs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "jobs_name_unique" UNIQUE("name")
);
