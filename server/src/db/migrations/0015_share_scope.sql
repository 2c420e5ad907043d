-- Issue 27: a link name is unique among public shares, or among one organization's private shares;
-- a conflict no longer tells another organization's private link names.
DROP INDEX "test_cases_share_slug_key";--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "share_scope" text;--> statement-breakpoint
UPDATE "test_cases" SET "share_scope" = CASE WHEN "test_cases"."share_visibility" = 'public' THEN 'public' ELSE (SELECT "test_suites"."org_id"::text FROM "test_suites" WHERE "test_suites"."id" = "test_cases"."test_suite_id") END WHERE "test_cases"."share_slug" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "test_cases_share_scope_slug_key" ON "test_cases" USING btree ("share_scope","share_slug");
