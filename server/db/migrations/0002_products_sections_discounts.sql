CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"applies_to" text NOT NULL,
	"product_id" integer,
	"category_id" integer,
	"brand_id" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"editor_owned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_value_check" CHECK ("discounts"."value" >= 0 and ("discounts"."type" <> 'percent' or "discounts"."value" <= 100)),
	CONSTRAINT "discounts_target_check" CHECK (("discounts"."applies_to" = 'product' and "discounts"."product_id" is not null and "discounts"."category_id" is null and "discounts"."brand_id" is null)
       or ("discounts"."applies_to" = 'category' and "discounts"."category_id" is not null and "discounts"."product_id" is null and "discounts"."brand_id" is null)
       or ("discounts"."applies_to" = 'brand' and "discounts"."brand_id" is not null and "discounts"."product_id" is null and "discounts"."category_id" is null)),
	CONSTRAINT "discounts_window_check" CHECK ("discounts"."starts_at" is null or "discounts"."ends_at" is null or "discounts"."starts_at" <= "discounts"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "product_layout_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"block_type" text NOT NULL,
	"ref_id" integer,
	"position" integer NOT NULL,
	CONSTRAINT "product_layout_blocks_type_check" CHECK ("product_layout_blocks"."block_type" in ('basic', 'images', 'list', 'spec_group', 'table'))
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"url" text NOT NULL,
	"alt" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"caption" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "product_spec_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"intro" text
);
--> statement-breakpoint
CREATE TABLE "product_specs" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"label" text NOT NULL,
	"value" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"heading" text NOT NULL,
	"intro" text,
	"columns_json" text NOT NULL,
	"rows_json" text NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"sku" text,
	"description" text,
	"brand_id" integer,
	"category_id" integer,
	"mrp" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_mrp_check" CHECK ("products"."mrp" >= 0)
);
--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_layout_blocks" ADD CONSTRAINT "product_layout_blocks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_list_items" ADD CONSTRAINT "product_list_items_list_id_product_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."product_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_lists" ADD CONSTRAINT "product_lists_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_spec_groups" ADD CONSTRAINT "product_spec_groups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_specs" ADD CONSTRAINT "product_specs_group_id_product_spec_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_spec_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tables" ADD CONSTRAINT "product_tables_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discounts_product_idx" ON "discounts" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "discounts_category_idx" ON "discounts" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "discounts_brand_idx" ON "discounts" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_editor_owned_key" ON "discounts" USING btree ("product_id") WHERE "discounts"."editor_owned";--> statement-breakpoint
CREATE UNIQUE INDEX "product_layout_blocks_position_key" ON "product_layout_blocks" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position","id");--> statement-breakpoint
CREATE INDEX "product_list_items_list_idx" ON "product_list_items" USING btree ("list_id","position");--> statement-breakpoint
CREATE INDEX "product_lists_product_idx" ON "product_lists" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_spec_groups_product_idx" ON "product_spec_groups" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_specs_group_idx" ON "product_specs" USING btree ("group_id","position");--> statement-breakpoint
CREATE INDEX "product_tables_product_idx" ON "product_tables" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_key" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_key" ON "products" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");