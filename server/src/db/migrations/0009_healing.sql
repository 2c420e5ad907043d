CREATE TABLE "test_healings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_case_id" uuid NOT NULL,
	"triggered_by_test_run_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"healer_name" text NOT NULL,
	"trigger" text NOT NULL,
	"message" text,
	"checks_total" integer DEFAULT 0 NOT NULL,
	"checks_kept" integer DEFAULT 0 NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"proposed_steps" jsonb,
	"proposed_script" text,
	"proposed_script_py" text,
	"previous_steps" jsonb,
	"previous_script" text,
	"previous_script_py" text,
	"test_modified_at" timestamp with time zone NOT NULL,
	"job_id" uuid,
	"claim_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"worker" text,
	"heartbeat_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"last_modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_suites" ADD COLUMN "auto_heal" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "test_healings" ADD CONSTRAINT "test_healings_test_case_id_test_cases_id_fk" FOREIGN KEY ("test_case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_healings" ADD CONSTRAINT "test_healings_triggered_by_test_run_id_test_runs_id_fk" FOREIGN KEY ("triggered_by_test_run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_healings" ADD CONSTRAINT "test_healings_created_by_app_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_healings_test_case_idx" ON "test_healings" USING btree ("test_case_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "test_healings_run_idx" ON "test_healings" USING btree ("triggered_by_test_run_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "test_healings_status_idx" ON "test_healings" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "test_healings_one_pending_key" ON "test_healings" USING btree ("test_case_id") WHERE "test_healings"."status" IN ('created', 'pending', 'waiting_for_executor', 'running');