CREATE TABLE "discovery_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"found_date" date NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"done_keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "discovery_runs_status_check" CHECK ("discovery_runs"."status" in ('started', 'finished', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "score" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "text_key" text;--> statement-breakpoint
ALTER TABLE "discovery_runs" ADD CONSTRAINT "discovery_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discovery_runs_project_date_key" ON "discovery_runs" USING btree ("project_id","found_date");--> statement-breakpoint
CREATE INDEX "discovery_runs_found_date_idx" ON "discovery_runs" USING btree ("found_date","status");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_project_text_key" ON "posts" USING btree ("project_id","text_key");