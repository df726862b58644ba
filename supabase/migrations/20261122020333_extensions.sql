-- Extensions live in their own schema, as on Supabase, so that the public schema holds only our tables.
CREATE SCHEMA IF NOT EXISTS extensions;
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA extensions;
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;

-- Spanish stemming that ignores accents: "imagenes" matches "imágenes", "generador" matches "generadores".
CREATE TEXT SEARCH CONFIGURATION public.es_unaccent (COPY = pg_catalog.spanish);
ALTER TEXT SEARCH CONFIGURATION public.es_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH extensions.unaccent, spanish_stem;
