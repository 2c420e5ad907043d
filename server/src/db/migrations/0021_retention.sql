CREATE TABLE "test_case_usage" (
	"test_case_id" uuid PRIMARY KEY NOT NULL,
	"test_suite_id" uuid NOT NULL,
	"artifact_bytes" bigint DEFAULT 0 NOT NULL,
	"run_bytes" bigint DEFAULT 0 NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "pinned_by" uuid;--> statement-breakpoint
ALTER TABLE "test_suites" ADD COLUMN "retention_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_case_usage" ADD CONSTRAINT "test_case_usage_test_case_id_test_cases_id_fk" FOREIGN KEY ("test_case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_case_usage" ADD CONSTRAINT "test_case_usage_test_suite_id_test_suites_id_fk" FOREIGN KEY ("test_suite_id") REFERENCES "public"."test_suites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_case_usage_suite_idx" ON "test_case_usage" USING btree ("test_suite_id");--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_pinned_by_app_users_id_fk" FOREIGN KEY ("pinned_by") REFERENCES "public"."app_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The disk a project uses (issue 34), kept as running sums per test: statement triggers add what an
-- INSERT wrote and take away what a DELETE removed (one UPSERT or UPDATE per statement, however many
-- rows), so a project's use is a sum over its tests' rows, read without scanning its runs or files. A
-- run's row is measured by its columns' stored sizes (pg_column_size reads a TOAST pointer's size
-- without fetching the value) plus its fixed columns, and measured again when an UPDATE changes them.
CREATE FUNCTION "usage_of_artifacts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "test_case_usage" ("test_case_id", "test_suite_id", "artifact_bytes")
      SELECT n."test_case_id", t."test_suite_id", sum(n."size")
      FROM "new_rows" AS n JOIN "test_cases" AS t ON t."id" = n."test_case_id"
      GROUP BY 1, 2
    ON CONFLICT ("test_case_id") DO UPDATE
      SET "artifact_bytes" = "test_case_usage"."artifact_bytes" + EXCLUDED."artifact_bytes";
  ELSE
    -- A test deleted with its files has no usage row left to update: its row went with it.
    UPDATE "test_case_usage" AS u SET "artifact_bytes" = u."artifact_bytes" - d."bytes"
      FROM (SELECT "test_case_id", sum("size") AS "bytes" FROM "old_rows" GROUP BY 1) AS d
      WHERE u."test_case_id" = d."test_case_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "artifacts_usage_insert" AFTER INSERT ON "artifacts"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "usage_of_artifacts"();
--> statement-breakpoint
CREATE TRIGGER "artifacts_usage_delete" AFTER DELETE ON "artifacts"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "usage_of_artifacts"();
--> statement-breakpoint
CREATE FUNCTION "usage_of_runs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "test_case_usage" ("test_case_id", "test_suite_id", "run_bytes", "runs")
      SELECT n."test_case_id", t."test_suite_id", sum(
               200 + pg_column_size(n."settings") + pg_column_size(n."replay_steps")
               + pg_column_size(n."step_descriptions") + pg_column_size(n."steps")
               + pg_column_size(n."artifacts") + coalesce(pg_column_size(n."first_failure"), 0)
               + coalesce(pg_column_size(n."error_message"), 0) + coalesce(pg_column_size(n."website"), 0)),
             count(*)
      FROM "new_rows" AS n JOIN "test_cases" AS t ON t."id" = n."test_case_id"
      GROUP BY 1, 2
    ON CONFLICT ("test_case_id") DO UPDATE
      SET "run_bytes" = "test_case_usage"."run_bytes" + EXCLUDED."run_bytes",
          "runs" = "test_case_usage"."runs" + EXCLUDED."runs";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "test_case_usage" AS u SET "run_bytes" = u."run_bytes" - d."bytes", "runs" = u."runs" - d."runs"
      FROM (SELECT o."test_case_id", count(*) AS "runs", sum(
                   200 + pg_column_size(o."settings") + pg_column_size(o."replay_steps")
                   + pg_column_size(o."step_descriptions") + pg_column_size(o."steps")
                   + pg_column_size(o."artifacts") + coalesce(pg_column_size(o."first_failure"), 0)
                   + coalesce(pg_column_size(o."error_message"), 0) + coalesce(pg_column_size(o."website"), 0)) AS "bytes"
            FROM "old_rows" AS o GROUP BY 1) AS d
      WHERE u."test_case_id" = d."test_case_id";
  ELSE
    -- Heartbeats change no measured column: their statements find no difference and write nothing.
    UPDATE "test_case_usage" AS u SET "run_bytes" = u."run_bytes" + d."bytes"
      FROM (SELECT n."test_case_id", sum(
                   pg_column_size(n."settings") + pg_column_size(n."replay_steps")
                   + pg_column_size(n."step_descriptions") + pg_column_size(n."steps")
                   + pg_column_size(n."artifacts") + coalesce(pg_column_size(n."first_failure"), 0)
                   + coalesce(pg_column_size(n."error_message"), 0) + coalesce(pg_column_size(n."website"), 0)
                   - pg_column_size(o."settings") - pg_column_size(o."replay_steps")
                   - pg_column_size(o."step_descriptions") - pg_column_size(o."steps")
                   - pg_column_size(o."artifacts") - coalesce(pg_column_size(o."first_failure"), 0)
                   - coalesce(pg_column_size(o."error_message"), 0) - coalesce(pg_column_size(o."website"), 0)) AS "bytes"
            FROM "old_rows" AS o JOIN "new_rows" AS n ON n."id" = o."id"
            GROUP BY 1) AS d
      WHERE u."test_case_id" = d."test_case_id" AND d."bytes" <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "test_runs_usage_insert" AFTER INSERT ON "test_runs"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "usage_of_runs"();
--> statement-breakpoint
CREATE TRIGGER "test_runs_usage_update" AFTER UPDATE ON "test_runs"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "usage_of_runs"();
--> statement-breakpoint
CREATE TRIGGER "test_runs_usage_delete" AFTER DELETE ON "test_runs"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "usage_of_runs"();
--> statement-breakpoint
-- What the tests already hold.
INSERT INTO "test_case_usage" ("test_case_id", "test_suite_id", "artifact_bytes", "run_bytes", "runs")
  SELECT t."id", t."test_suite_id",
         coalesce((SELECT sum(a."size") FROM "artifacts" AS a WHERE a."test_case_id" = t."id"), 0),
         coalesce((SELECT sum(
                     200 + pg_column_size(r."settings") + pg_column_size(r."replay_steps")
                     + pg_column_size(r."step_descriptions") + pg_column_size(r."steps")
                     + pg_column_size(r."artifacts") + coalesce(pg_column_size(r."first_failure"), 0)
                     + coalesce(pg_column_size(r."error_message"), 0) + coalesce(pg_column_size(r."website"), 0))
                   FROM "test_runs" AS r WHERE r."test_case_id" = t."id"), 0),
         (SELECT count(*) FROM "test_runs" AS r WHERE r."test_case_id" = t."id")
  FROM "test_cases" AS t;
--> statement-breakpoint
-- A project's CI groups, newest first, one index probe a group (GET /test-suites/{id}/ci-runs).
CREATE INDEX "test_runs_ci_idx" ON "test_runs" USING btree ("collection_id","created_at" DESC NULLS LAST) WHERE "test_runs"."trigger" = 'ci';
