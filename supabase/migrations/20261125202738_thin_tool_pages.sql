ALTER TABLE "posts" ADD COLUMN "article_is_template" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "article_text_length" integer GENERATED ALWAYS AS (char_length(btrim(regexp_replace(regexp_replace(content, '<[^>]*>', ' ', 'g'), '[[:space:]]+', ' ', 'g')))) STORED NOT NULL;--> statement-breakpoint
-- Catalogues seeded before this column existed: a seeded row (no author) whose article still has the generated
-- template's shape (src/server/catalogue/fallback-article.ts) is marked; no hand-written seed article has it.
UPDATE "posts" SET "article_is_template" = true
WHERE "user_id" IS NULL
  AND "content" LIKE '<h2>¿Qué es %'
  AND "content" LIKE '%<h2>Categoría</h2>%<p>Encontrarás % en nuestra categoría %<h2>Precio</h2>%';
