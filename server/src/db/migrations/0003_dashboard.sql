ALTER TABLE "test_runs" ADD COLUMN "steps_hash" text;--> statement-breakpoint
CREATE INDEX "test_runs_finished_idx" ON "test_runs" USING btree ("finished_at");