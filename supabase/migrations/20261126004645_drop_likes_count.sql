-- SPEC's «Me gusta» counter, which no feature could move: the star rating from reviews (rating_count, rating_sum)
-- takes its place (docs/decisions/011-valoraciones.md).
ALTER TABLE "posts" DROP COLUMN "likes_count";