-- Autopilot: each project's setup wizard and browser profile (autoposting_setups), every publish try
-- recorded before it starts (publish_attempts, at most one live per post), the published reply's time
-- and link on the post, and the workspace's pacing (replies a day and minutes between them).
CREATE TABLE "autoposting_setups" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"step" text DEFAULT 'initial' NOT NULL,
	"socials_response" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"email" text,
	"country" text,
	"os" text,
	"provider" text,
	"profile_id" text,
	"problem" text,
	"stopped" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autoposting_setups_step_check" CHECK ("autoposting_setups"."step" in ('initial', 'userData', 'creatingProfile', 'setupSocials', 'checkSocials', 'checkSocialsFailed', 'finish'))
);
--> statement-breakpoint
CREATE TABLE "publish_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"social" text NOT NULL,
	"status" text NOT NULL,
	"answer" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"reply_url" text,
	"error_kind" text,
	"error_message" text,
	CONSTRAINT "publish_attempts_status_check" CHECK ("publish_attempts"."status" in ('started', 'published', 'failed', 'abandoned'))
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reply_url" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "publish_note" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "autopost_daily_cap" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "autopost_min_gap_minutes" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "autoposting_setups" ADD CONSTRAINT "autoposting_setups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_attempts" ADD CONSTRAINT "publish_attempts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_attempts" ADD CONSTRAINT "publish_attempts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publish_attempts_post_live_key" ON "publish_attempts" USING btree ("post_id") WHERE "publish_attempts"."status" in ('started', 'published');--> statement-breakpoint
CREATE INDEX "publish_attempts_pacing_idx" ON "publish_attempts" USING btree ("project_id","social","started_at");