ALTER TABLE "test_cases" ADD COLUMN "quarantine_candidate_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "quarantine_candidate_run_id" uuid;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "data_rows" jsonb;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "data_rows" jsonb;