-- Search in a locale (ADR 0037): each product translation carries its own search document, its
-- texts stemmed in its language, beside the default language's document (product_search), and the
-- words of those documents are a vocabulary per locale for German-style compounds.
-- A locale's text search configuration: its language's stemming where PostgreSQL (and PGlite)
-- has one, none ('simple') otherwise.
CREATE FUNCTION stockroom_search_config(locale text) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE split_part(lower(locale), '-', 1)
    WHEN 'en' THEN 'english'::regconfig WHEN 'de' THEN 'german'::regconfig
    WHEN 'nl' THEN 'dutch'::regconfig WHEN 'fr' THEN 'french'::regconfig
    WHEN 'es' THEN 'spanish'::regconfig WHEN 'it' THEN 'italian'::regconfig
    WHEN 'pt' THEN 'portuguese'::regconfig WHEN 'da' THEN 'danish'::regconfig
    WHEN 'sv' THEN 'swedish'::regconfig WHEN 'nb' THEN 'norwegian'::regconfig
    WHEN 'no' THEN 'norwegian'::regconfig WHEN 'fi' THEN 'finnish'::regconfig
    WHEN 'ru' THEN 'russian'::regconfig WHEN 'tr' THEN 'turkish'::regconfig
    ELSE 'simple'::regconfig END
$$;--> statement-breakpoint
-- A translation's searched text: its name, description and every text of its sections (strings
-- anywhere in the JSON document), read as the default language's documents are read.
CREATE FUNCTION stockroom_translation_text(name text, description text, sections jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT stockroom_search_text(concat_ws(' ', name, description,
    (SELECT string_agg(v #>> '{}', ' ') FROM jsonb_path_query(coalesce(sections, '{}'::jsonb),
      'strict $.** ? (@.type() == "string")') v)))
$$;--> statement-breakpoint
-- It names another of ours, which a restore (pg_dump's script runs with an empty search_path)
-- would not find while it loads the rows of the column below: the path goes with the function.
ALTER FUNCTION stockroom_translation_text(text, text, jsonb) SET search_path FROM CURRENT;--> statement-breakpoint
-- Stripped, as product_search's: matching needs no positions, and the rank reads the name itself.
ALTER TABLE "product_translations" ADD COLUMN "search_doc" tsvector GENERATED ALWAYS AS (
  strip(to_tsvector(stockroom_search_config(locale), stockroom_translation_text(name, description, sections)))
) STORED;--> statement-breakpoint
CREATE INDEX "product_translations_search_idx" ON "product_translations" USING gin ("search_doc") WITH (fastupdate = off);--> statement-breakpoint
-- Each locale's vocabulary: the stems of its documents (3 to 40 long, without digits or hyphens), added by
-- every written translation, never removed (a stale one matches nothing). A query's word is split
-- against it ("akkubohrer" is akku + bohrer) and finds the compounds that hold it ("bohrer" finds
-- "akkubohrer") through the trigram index.
CREATE TABLE "translation_words" (
	"locale" text NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	CONSTRAINT "translation_words_pkey" PRIMARY KEY ("locale", "word")
);--> statement-breakpoint
CREATE INDEX "translation_words_trgm" ON "translation_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE FUNCTION stockroom_translation_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO translation_words (locale, word)
  SELECT DISTINCT a.locale, w FROM added a, unnest(tsvector_to_array(a.search_doc)) w
  WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9._-]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_translations_words_added AFTER INSERT ON product_translations REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_translation_words();--> statement-breakpoint
CREATE TRIGGER product_translations_words_changed AFTER UPDATE ON product_translations REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stockroom_translation_words();--> statement-breakpoint
INSERT INTO translation_words (locale, word)
SELECT DISTINCT t.locale, w FROM product_translations t, unnest(tsvector_to_array(t.search_doc)) w
WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9._-]'
ON CONFLICT DO NOTHING;
