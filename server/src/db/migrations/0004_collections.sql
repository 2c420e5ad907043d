CREATE TABLE "test_collection_tests" (
	"collection_id" uuid NOT NULL,
	"test_case_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_collection_tests_collection_id_test_case_id_pk" PRIMARY KEY("collection_id","test_case_id")
);
--> statement-breakpoint
CREATE TABLE "test_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_suite_id" uuid NOT NULL,
	"name" text NOT NULL,
	"schedule" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "collection_id" uuid;--> statement-breakpoint
ALTER TABLE "test_collection_tests" ADD CONSTRAINT "test_collection_tests_collection_id_test_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."test_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_collection_tests" ADD CONSTRAINT "test_collection_tests_test_case_id_test_cases_id_fk" FOREIGN KEY ("test_case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_collections" ADD CONSTRAINT "test_collections_test_suite_id_test_suites_id_fk" FOREIGN KEY ("test_suite_id") REFERENCES "public"."test_suites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_collections" ADD CONSTRAINT "test_collections_created_by_app_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_collection_tests_test_idx" ON "test_collection_tests" USING btree ("test_case_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_collections_suite_name_key" ON "test_collections" USING btree ("test_suite_id",lower("name"));--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_collection_id_test_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."test_collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_runs_collection_idx" ON "test_runs" USING btree ("collection_id","created_at" DESC NULLS LAST);