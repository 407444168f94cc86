-- The person's signals on found posts: "relevant" (false hides a post marked 'Not relevant', true marks it
-- relevant, null unmarked) and "copied_at" (the first copy of its answer); both are written through
-- the outbox with a mutation id, so applied_mutations accepts their routes.
ALTER TABLE "applied_mutations" DROP CONSTRAINT "applied_mutations_route_check";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "relevant" boolean;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "copied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applied_mutations" ADD CONSTRAINT "applied_mutations_route_check" CHECK ("applied_mutations"."route" in ('update-answer', 'approved', 'relevance', 'copied'));