-- A post's text key becomes the SHA-256 hex digest of its normalised text (`textKey()` in
-- server/discovery/types.ts), so a long post fits the unique index "posts_project_text_key".
-- Keys stored before were the normalised text itself: digest them the way the server does.
UPDATE "posts" SET "text_key" = NULL WHERE "text_key" = '';--> statement-breakpoint
UPDATE "posts" SET "text_key" = encode(sha256(convert_to("text_key", 'UTF8')), 'hex') WHERE "text_key" IS NOT NULL;--> statement-breakpoint
-- The contract refuses a post whose link is not http(s), and a list holding one would be refused whole.
DELETE FROM "posts" WHERE "url" !~ '^https?://';
