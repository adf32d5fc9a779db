-- Background jobs (GET /api/jobs/{id}): the state, progress and report a screen follows, readable
-- from any process. The queue itself (pg-boss, its own schema) only says which process runs one.
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer,
	"report" jsonb,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('queued', 'running', 'succeeded', 'failed')),
	CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('product_import'))
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_at");--> statement-breakpoint
-- An uploaded CSV, as it streamed in, so whichever process runs the import can read it. Keyed by
-- the job's id; the job row is written only once the whole file is in.
CREATE TABLE "import_chunks" (
	"job_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"bytes" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_chunks_pkey" PRIMARY KEY ("job_id", "seq")
);
--> statement-breakpoint
CREATE INDEX "import_chunks_created_idx" ON "import_chunks" USING btree ("created_at");--> statement-breakpoint
-- An import's rows, parsed, while it is checked and applied with set-based statements. Unlogged:
-- scratch space that a crash may empty (the job then fails and is run again by hand).
CREATE UNLOGGED TABLE "import_rows" (
	"job_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"sku" text,
	"name" text,
	"name_given" boolean DEFAULT false NOT NULL,
	"mrp" numeric(12, 2),
	"mrp_given" boolean DEFAULT false NOT NULL,
	"status" text,
	"category_path" text,
	"category_raw" text,
	"brand_key" text,
	"brand_raw" text,
	"description" text,
	"slug_base" text,
	"slug" text,
	"slug_n" integer,
	"product_id" integer,
	"category_id" integer,
	"brand_id" integer,
	CONSTRAINT "import_rows_pkey" PRIMARY KEY ("job_id", "line")
);
--> statement-breakpoint
CREATE INDEX "import_rows_sku_idx" ON "import_rows" USING btree ("job_id", "sku");--> statement-breakpoint
CREATE INDEX "import_rows_slug_idx" ON "import_rows" USING btree ("job_id", "slug");
