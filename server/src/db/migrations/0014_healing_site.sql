-- Issue 28: the other website a healed run opened (its override); null: the test's own.
ALTER TABLE "test_healings" ADD COLUMN "website_override" text;