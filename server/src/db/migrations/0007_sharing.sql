ALTER TABLE "test_cases" ADD COLUMN "share_slug" text;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "share_visibility" text;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "shared_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "test_cases_share_slug_key" ON "test_cases" USING btree ("share_slug");