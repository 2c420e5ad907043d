ALTER TABLE "test_cases" ADD COLUMN "steps_source" jsonb;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "generated_on" text;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "steps_out_of_date" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Steps generated before this migration are taken as generated from the test as it is now.
UPDATE "test_cases" SET "steps_source" = jsonb_build_object('website', "website", 'description', "description") WHERE jsonb_array_length("test_generation_steps") > 0;
