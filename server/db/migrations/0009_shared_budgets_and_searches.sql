CREATE TABLE "network_budgets" (
	"network" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_searches" (
	"network" text NOT NULL,
	"query" text NOT NULL,
	"found_date" date NOT NULL,
	"status" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"posts" jsonb,
	"since" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "shared_searches_network_query_found_date_pk" PRIMARY KEY("network","query","found_date"),
	CONSTRAINT "shared_searches_status_check" CHECK ("shared_searches"."status" in ('searching', 'done'))
);
--> statement-breakpoint
CREATE INDEX "shared_searches_found_date_idx" ON "shared_searches" USING btree ("found_date");