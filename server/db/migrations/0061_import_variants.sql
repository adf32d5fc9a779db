-- An import's rows carry a variant each where the file has the export's variant columns: its SKU,
-- its values by option position, its price and status. `follower` marks a row after the first of
-- its product (the same SKU), which adds a variant but leaves the product's own columns alone.
ALTER TABLE "import_rows" ADD COLUMN "variant_sku" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "option1_name" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "option1_value" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "option2_name" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "option2_value" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "option3_name" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "option3_value" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "variant_mrp" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "variant_status" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "follower" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Found while applying: the row's values and variant once its product's options are written.
ALTER TABLE "import_rows" ADD COLUMN "value1_id" integer;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "value2_id" integer;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "value3_id" integer;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "variant_position" integer;
