CREATE TABLE "alert_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collection_id" uuid NOT NULL,
	"group_created_at" timestamp with time zone NOT NULL,
	"event" text NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"response_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "schedule_ticks" (
	"schedule_id" uuid NOT NULL,
	"tick_at" timestamp with time zone NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"message" text,
	"group_created_at" timestamp with time zone,
	"run_id" uuid,
	CONSTRAINT "schedule_ticks_schedule_id_tick_at_pk" PRIMARY KEY("schedule_id","tick_at")
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_suite_id" uuid NOT NULL,
	"collection_id" uuid,
	"test_case_id" uuid,
	"cron" text NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_collections" ADD COLUMN "retry_on_failure" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "test_collections" ADD COLUMN "alert_on" text DEFAULT 'never' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_collections" ADD COLUMN "alert_emails" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "test_collections" ADD COLUMN "alert_webhooks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "test_collections" ADD COLUMN "alert_signing_secret" text;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "trigger" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "retry_on_failure" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "first_failure" jsonb;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_collection_id_test_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."test_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_ticks" ADD CONSTRAINT "schedule_ticks_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_test_suite_id_test_suites_id_fk" FOREIGN KEY ("test_suite_id") REFERENCES "public"."test_suites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_collection_id_test_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."test_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_test_case_id_test_cases_id_fk" FOREIGN KEY ("test_case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_created_by_app_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_once_key" ON "alert_deliveries" USING btree ("collection_id","group_created_at","channel","target");--> statement-breakpoint
CREATE INDEX "alert_deliveries_collection_idx" ON "alert_deliveries" USING btree ("collection_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_collection_key" ON "schedules" USING btree ("collection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_test_case_key" ON "schedules" USING btree ("test_case_id");--> statement-breakpoint
-- Schedules live in their own table now (a collection's or a single test's).
ALTER TABLE "test_collections" DROP COLUMN "schedule";
--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_one_target" CHECK (num_nonnulls("collection_id", "test_case_id") = 1);
