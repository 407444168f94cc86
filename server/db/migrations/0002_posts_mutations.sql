CREATE TABLE "applied_mutations" (
	"mutation_id" text PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"route" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applied_mutations_route_check" CHECK ("applied_mutations"."route" in ('update-answer', 'approved'))
);
--> statement-breakpoint
ALTER TABLE "applied_mutations" ADD CONSTRAINT "applied_mutations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applied_mutations" ADD CONSTRAINT "applied_mutations_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applied_mutations_post_idx" ON "applied_mutations" USING btree ("post_id");