CREATE TABLE "test_run_days" (
	"test_case_id" uuid NOT NULL,
	"test_suite_id" uuid NOT NULL,
	"day" date NOT NULL,
	"environment_id" uuid,
	"own_site" boolean NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"finished" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "test_run_days_key" UNIQUE NULLS NOT DISTINCT("test_case_id","day","environment_id","own_site")
);
--> statement-breakpoint
ALTER TABLE "test_run_days" ADD CONSTRAINT "test_run_days_test_case_id_test_cases_id_fk" FOREIGN KEY ("test_case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_days" ADD CONSTRAINT "test_run_days_test_suite_id_test_suites_id_fk" FOREIGN KEY ("test_suite_id") REFERENCES "public"."test_suites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_run_days_suite_idx" ON "test_run_days" USING btree ("test_suite_id","day");--> statement-breakpoint
-- A test's finished runs per UTC day (issue 34): the dashboard reads a project's 30 days of pass rates
-- from here, a row per test, day and scope, however many runs ended in them. INSERT and DELETE add or
-- take away what their statement wrote or removed (one grouped statement however many rows: a run-all,
-- retention, a deleted test); an UPDATE is counted per row, and only when it moves what is counted
-- (its end, verdict, environment, website or test), so heartbeats and step writes cost nothing here.
-- 'failed' counts failed, not_runnable and flaky (a flaky run is never a pass: the dashboard's rates).
CREATE FUNCTION "run_days_of_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "test_run_days" AS d ("test_case_id", "test_suite_id", "day", "environment_id", "own_site",
                                      "passed", "failed", "finished")
      SELECT n."test_case_id", t."test_suite_id", (n."finished_at" AT TIME ZONE 'UTC')::date, n."environment_id",
             n."settings" ->> 'website_url_override' IS NULL,
             count(*) FILTER (WHERE n."status" = 'passed'),
             count(*) FILTER (WHERE n."status" IN ('failed', 'not_runnable', 'flaky')), count(*)
      FROM "new_rows" AS n JOIN "test_cases" AS t ON t."id" = n."test_case_id"
      WHERE n."finished_at" IS NOT NULL
      GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "test_run_days_key" DO UPDATE
      SET "passed" = d."passed" + EXCLUDED."passed", "failed" = d."failed" + EXCLUDED."failed",
          "finished" = d."finished" + EXCLUDED."finished";
  ELSE
    -- A deleted test's day rows go with it (their foreign key): there is nothing left to update then.
    UPDATE "test_run_days" AS d
      SET "passed" = d."passed" - o."passed", "failed" = d."failed" - o."failed",
          "finished" = d."finished" - o."finished"
      FROM (SELECT "test_case_id", ("finished_at" AT TIME ZONE 'UTC')::date AS "day", "environment_id",
                   "settings" ->> 'website_url_override' IS NULL AS "own_site",
                   count(*) FILTER (WHERE "status" = 'passed') AS "passed",
                   count(*) FILTER (WHERE "status" IN ('failed', 'not_runnable', 'flaky')) AS "failed",
                   count(*) AS "finished"
            FROM "old_rows" WHERE "finished_at" IS NOT NULL GROUP BY 1, 2, 3, 4) AS o
      WHERE d."test_case_id" = o."test_case_id" AND d."day" = o."day"
        AND d."environment_id" IS NOT DISTINCT FROM o."environment_id" AND d."own_site" = o."own_site";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "run_days_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."finished_at" IS NOT NULL THEN
    UPDATE "test_run_days" AS d
      SET "passed" = d."passed" - (OLD."status" = 'passed')::int,
          "failed" = d."failed" - (OLD."status" IN ('failed', 'not_runnable', 'flaky'))::int,
          "finished" = d."finished" - 1
      WHERE d."test_case_id" = OLD."test_case_id" AND d."day" = (OLD."finished_at" AT TIME ZONE 'UTC')::date
        AND d."environment_id" IS NOT DISTINCT FROM OLD."environment_id"
        AND d."own_site" = (OLD."settings" ->> 'website_url_override' IS NULL);
  END IF;
  IF NEW."finished_at" IS NOT NULL THEN
    INSERT INTO "test_run_days" AS d ("test_case_id", "test_suite_id", "day", "environment_id", "own_site",
                                      "passed", "failed", "finished")
      SELECT NEW."test_case_id", t."test_suite_id", (NEW."finished_at" AT TIME ZONE 'UTC')::date,
             NEW."environment_id", NEW."settings" ->> 'website_url_override' IS NULL,
             (NEW."status" = 'passed')::int, (NEW."status" IN ('failed', 'not_runnable', 'flaky'))::int, 1
      FROM "test_cases" AS t WHERE t."id" = NEW."test_case_id"
    ON CONFLICT ON CONSTRAINT "test_run_days_key" DO UPDATE
      SET "passed" = d."passed" + EXCLUDED."passed", "failed" = d."failed" + EXCLUDED."failed",
          "finished" = d."finished" + EXCLUDED."finished";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "test_runs_days_insert" AFTER INSERT ON "test_runs"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "run_days_of_statement"();
--> statement-breakpoint
CREATE TRIGGER "test_runs_days_delete" AFTER DELETE ON "test_runs"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "run_days_of_statement"();
--> statement-breakpoint
CREATE TRIGGER "test_runs_days_update" AFTER UPDATE ON "test_runs" FOR EACH ROW
  WHEN ((OLD."finished_at" IS NOT NULL OR NEW."finished_at" IS NOT NULL)
        AND (OLD."finished_at" IS DISTINCT FROM NEW."finished_at" OR OLD."status" IS DISTINCT FROM NEW."status"
             OR OLD."environment_id" IS DISTINCT FROM NEW."environment_id"
             OR OLD."test_case_id" IS DISTINCT FROM NEW."test_case_id"
             OR (OLD."settings" ->> 'website_url_override') IS DISTINCT FROM (NEW."settings" ->> 'website_url_override')))
  EXECUTE FUNCTION "run_days_of_row"();
--> statement-breakpoint
-- What the runs already hold.
INSERT INTO "test_run_days" ("test_case_id", "test_suite_id", "day", "environment_id", "own_site", "passed", "failed", "finished")
  SELECT r."test_case_id", t."test_suite_id", (r."finished_at" AT TIME ZONE 'UTC')::date, r."environment_id",
         r."settings" ->> 'website_url_override' IS NULL,
         count(*) FILTER (WHERE r."status" = 'passed'),
         count(*) FILTER (WHERE r."status" IN ('failed', 'not_runnable', 'flaky')), count(*)
  FROM "test_runs" AS r JOIN "test_cases" AS t ON t."id" = r."test_case_id"
  WHERE r."finished_at" IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- How many runs ran on their test's own website, known to the planner (issue 34): without it the
-- filter is guessed to keep 0.5 % of a test's runs, and "a test's newest 20 verdicts" reads all its runs
-- and sorts them instead of reading 20 along test_runs_test_case_idx.
CREATE STATISTICS "test_runs_own_site_stats" ON (("settings" ->> 'website_url_override')) FROM "test_runs";
--> statement-breakpoint
ANALYZE "test_runs";
