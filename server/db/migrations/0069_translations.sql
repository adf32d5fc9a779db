-- Translations (ADR 0034): one row per item and locale, each field on its own, null where the
-- default language shows. The default language stays on the items themselves. A product's rows
-- are read by its primary key (the bundle, the list's missing_translation filter).
CREATE TABLE "product_translations" (
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"locale" text NOT NULL,
	"name" text,
	"description" text,
	"seo_title" text,
	"seo_description" text,
	"sections" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_translations_pkey" PRIMARY KEY ("product_id", "locale")
);--> statement-breakpoint
CREATE TABLE "category_translations" (
	"category_id" integer NOT NULL REFERENCES "categories"("id") ON DELETE CASCADE,
	"locale" text NOT NULL,
	"name" text,
	"description" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_translations_pkey" PRIMARY KEY ("category_id", "locale")
);--> statement-breakpoint
CREATE TABLE "brand_translations" (
	"brand_id" integer NOT NULL REFERENCES "brands"("id") ON DELETE CASCADE,
	"locale" text NOT NULL,
	"description" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_translations_pkey" PRIMARY KEY ("brand_id", "locale")
);--> statement-breakpoint
-- An option's name, and its values' texts by value id ({"12": "Rot"}).
CREATE TABLE "product_option_translations" (
	"option_id" integer NOT NULL REFERENCES "product_options"("id") ON DELETE CASCADE,
	"locale" text NOT NULL,
	"name" text,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_option_translations_pkey" PRIMARY KEY ("option_id", "locale")
);--> statement-breakpoint
-- The public bundle and lists read them: a write clears every process's cached pages.
CREATE TRIGGER product_translations_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_translations FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER category_translations_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON category_translations FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER brand_translations_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brand_translations FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER product_option_translations_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_option_translations FOR EACH STATEMENT EXECUTE FUNCTION stockroom_catalogue_changed();--> statement-breakpoint
-- A products import stages each row's translated cells ({"de": {"name": …}}) beside its others.
ALTER TABLE "import_rows" ADD COLUMN "translations" jsonb;--> statement-breakpoint
-- Translating is its own permission: the built-in Admin and Editor roles hold it, as they edit
-- the catalogue; custom roles are left as they are.
UPDATE "roles" SET "permissions" = array_append("permissions", 'translation.edit'), "updated_at" = now()
  WHERE "built_in" AND "key" IN ('admin', 'editor') AND NOT ('translation.edit' = ANY ("permissions"));
