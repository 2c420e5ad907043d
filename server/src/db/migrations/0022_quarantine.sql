ALTER TABLE "test_cases" ADD COLUMN "quarantined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "quarantined_by" uuid;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "quarantine_reason" text;--> statement-breakpoint
ALTER TABLE "test_cases" ADD CONSTRAINT "test_cases_quarantined_by_app_users_id_fk" FOREIGN KEY ("quarantined_by") REFERENCES "public"."app_users"("id") ON DELETE set null ON UPDATE no action;