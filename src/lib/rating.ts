/**
 * Star ratings from reviews, shared by cards, the tool page, its JSON-LD and «Más valoradas».
 * The ranking uses a Bayesian average so that one 5-star review does not outrank forty 4.6-star ones:
 * (C·m + sum) / (C + n), with the prior below (docs/decisions/011-valoraciones.md).
 */

/** Worth five reviews of 3.5 stars: a tool needs a handful of real reviews before its own average dominates. */
export const RATING_PRIOR = { weight: 5, mean: 3.5 } as const;

export const MAX_STARS = 5;

export interface RatingTotals {
  ratingCount: number;
  ratingSum: number;
}

/** The plain mean of the published stars; 0 without reviews. */
export function averageRating({ ratingCount, ratingSum }: RatingTotals): number {
  return ratingCount > 0 ? ratingSum / ratingCount : 0;
}

/** The ranking score: the mean pulled towards the prior while there are few reviews. */
export function bayesianRating({ ratingCount, ratingSum }: RatingTotals): number {
  return (RATING_PRIOR.weight * RATING_PRIOR.mean + ratingSum) / (RATING_PRIOR.weight + ratingCount);
}

const oneDecimal = new Intl.NumberFormat('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('es-ES');

/** «4,3». */
export function formatRating(value: number): string {
  return oneDecimal.format(value);
}

/** «1 valoración», «12 valoraciones». */
export function ratingCountLabel(count: number): string {
  return `${whole.format(count)} ${count === 1 ? 'valoración' : 'valoraciones'}`;
}

/** «4,3 de 5 · 12 valoraciones», or «Sin valoraciones todavía». */
export function ratingSummaryText(totals: RatingTotals): string {
  if (totals.ratingCount === 0) return 'Sin valoraciones todavía';
  return `${formatRating(averageRating(totals))} de ${MAX_STARS} · ${ratingCountLabel(totals.ratingCount)}`;
}

/** The star rating as words for screen readers: «Valoración: 4,3 de 5 (12 valoraciones)». */
export function ratingAccessibleText(totals: RatingTotals): string {
  return `Valoración: ${formatRating(averageRating(totals))} de ${MAX_STARS} (${ratingCountLabel(totals.ratingCount)})`;
}

/** «★★★★☆» for a whole number of stars (a review's own rating). */
export function starString(stars: number): string {
  const filled = Math.max(0, Math.min(MAX_STARS, Math.round(stars)));
  return '★'.repeat(filled) + '☆'.repeat(MAX_STARS - filled);
}
