ALTER TABLE "test_cases" ADD COLUMN "generation_claim_id" uuid;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "generation_worker" text;