ALTER TABLE "test_suites" ADD COLUMN "tree_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The tree of a suite (GET /api/test-suites/{id}/tree) is kept in memory by each API process while the
-- suite's tree_version stays put; these statement triggers move it in the same transaction as any change
-- to what the tree shows, whoever writes it (an API, a worker, a person with psql). One UPDATE of the
-- suite's row per statement, however many rows the statement touched; concurrent writers of one suite
-- queue on that row, so a version is never read before the rows it stands for are visible.
CREATE FUNCTION "tree_changed_by_tests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "test_suites" SET "tree_version" = "tree_version" + 1
      WHERE "id" IN (SELECT "test_suite_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "test_suites" SET "tree_version" = "tree_version" + 1
      WHERE "id" IN (SELECT "test_suite_id" FROM "old_rows");
  ELSE
    UPDATE "test_suites" SET "tree_version" = "tree_version" + 1
      WHERE "id" IN (
        SELECT unnest(ARRAY[o."test_suite_id", n."test_suite_id"])
        FROM "old_rows" AS o JOIN "new_rows" AS n ON n."id" = o."id"
        WHERE (o."test_suite_id", o."name", o."path", o."state", o."latest_run_status", o."latest_run_time", o."created_at")
          IS DISTINCT FROM
              (n."test_suite_id", n."name", n."path", n."state", n."latest_run_status", n."latest_run_time", n."created_at"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "test_cases_tree_insert" AFTER INSERT ON "test_cases"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_changed_by_tests"();
--> statement-breakpoint
CREATE TRIGGER "test_cases_tree_update" AFTER UPDATE ON "test_cases"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_changed_by_tests"();
--> statement-breakpoint
CREATE TRIGGER "test_cases_tree_delete" AFTER DELETE ON "test_cases"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_changed_by_tests"();
--> statement-breakpoint
CREATE FUNCTION "tree_changed_by_folders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "test_suites" SET "tree_version" = "tree_version" + 1
      WHERE "id" IN (SELECT "test_suite_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "test_suites" SET "tree_version" = "tree_version" + 1
      WHERE "id" IN (SELECT "test_suite_id" FROM "old_rows");
  ELSE
    UPDATE "test_suites" SET "tree_version" = "tree_version" + 1
      WHERE "id" IN (
        SELECT unnest(ARRAY[o."test_suite_id", n."test_suite_id"])
        FROM "old_rows" AS o JOIN "new_rows" AS n ON n."id" = o."id"
        WHERE (o."test_suite_id", o."path", o."created_at") IS DISTINCT FROM (n."test_suite_id", n."path", n."created_at"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "test_folders_tree_insert" AFTER INSERT ON "test_folders"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_changed_by_folders"();
--> statement-breakpoint
CREATE TRIGGER "test_folders_tree_update" AFTER UPDATE ON "test_folders"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_changed_by_folders"();
--> statement-breakpoint
CREATE TRIGGER "test_folders_tree_delete" AFTER DELETE ON "test_folders"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_changed_by_folders"();
--> statement-breakpoint
-- A collection shows in the tree by its id and name on each test linked to it: a new collection has no
-- links yet, and a deleted one takes its links with it (whose own trigger counts).
CREATE FUNCTION "tree_changed_by_collections"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "test_suites" SET "tree_version" = "tree_version" + 1
    WHERE "id" IN (
      SELECT unnest(ARRAY[o."test_suite_id", n."test_suite_id"])
      FROM "old_rows" AS o JOIN "new_rows" AS n ON n."id" = o."id"
      WHERE (o."test_suite_id", o."name") IS DISTINCT FROM (n."test_suite_id", n."name"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "test_collections_tree_update" AFTER UPDATE ON "test_collections"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_changed_by_collections"();
--> statement-breakpoint
CREATE FUNCTION "tree_changed_by_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "test_suites" SET "tree_version" = "tree_version" + 1
      WHERE "id" IN (SELECT t."test_suite_id" FROM "new_rows" AS l JOIN "test_cases" AS t ON t."id" = l."test_case_id");
  ELSIF TG_OP = 'DELETE' THEN
    -- The link's test may be gone already (deleted with it); its collection names the suite as well.
    UPDATE "test_suites" SET "tree_version" = "tree_version" + 1
      WHERE "id" IN (SELECT c."test_suite_id" FROM "old_rows" AS l JOIN "test_collections" AS c ON c."id" = l."collection_id"
                     UNION SELECT t."test_suite_id" FROM "old_rows" AS l JOIN "test_cases" AS t ON t."id" = l."test_case_id");
  ELSE
    UPDATE "test_suites" SET "tree_version" = "tree_version" + 1
      WHERE "id" IN (SELECT t."test_suite_id" FROM "old_rows" AS l JOIN "test_cases" AS t ON t."id" = l."test_case_id"
                     UNION SELECT t."test_suite_id" FROM "new_rows" AS l JOIN "test_cases" AS t ON t."id" = l."test_case_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "test_collection_tests_tree_insert" AFTER INSERT ON "test_collection_tests"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_changed_by_links"();
--> statement-breakpoint
CREATE TRIGGER "test_collection_tests_tree_update" AFTER UPDATE ON "test_collection_tests"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_changed_by_links"();
--> statement-breakpoint
CREATE TRIGGER "test_collection_tests_tree_delete" AFTER DELETE ON "test_collection_tests"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_changed_by_links"();
