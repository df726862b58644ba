import { describe, expect, it } from 'vitest';
import { averageRating, bayesianRating, formatRating, RATING_PRIOR, ratingSummaryText, starString } from './rating.ts';

describe('ratings', () => {
  it('averages the published stars and says so in Spanish', () => {
    expect(averageRating({ ratingCount: 0, ratingSum: 0 })).toBe(0);
    expect(averageRating({ ratingCount: 12, ratingSum: 52 })).toBeCloseTo(4.333, 3);
    expect(ratingSummaryText({ ratingCount: 12, ratingSum: 52 })).toBe('4,3 de 5 · 12 valoraciones');
    expect(ratingSummaryText({ ratingCount: 1, ratingSum: 5 })).toBe('5,0 de 5 · 1 valoración');
    expect(ratingSummaryText({ ratingCount: 0, ratingSum: 0 })).toBe('Sin valoraciones todavía');
    expect(formatRating(3.25)).toBe('3,3');
  });

  it('pulls few reviews towards the prior, so one 5-star review ranks below many 4.6-star ones', () => {
    expect(bayesianRating({ ratingCount: 0, ratingSum: 0 })).toBe(RATING_PRIOR.mean);
    expect(bayesianRating({ ratingCount: 3, ratingSum: 12 })).toBeCloseTo((5 * 3.5 + 12) / 8, 10);
    const single = bayesianRating({ ratingCount: 1, ratingSum: 5 });
    const many = bayesianRating({ ratingCount: 40, ratingSum: 184 });
    expect(many).toBeGreaterThan(single);
    // A tool with bad reviews ranks below one without any.
    expect(bayesianRating({ ratingCount: 4, ratingSum: 4 })).toBeLessThan(bayesianRating({ ratingCount: 0, ratingSum: 0 }));
  });

  it('draws whole stars, clamped to 0-5', () => {
    expect(starString(4)).toBe('★★★★☆');
    expect(starString(0)).toBe('☆☆☆☆☆');
    expect(starString(9)).toBe('★★★★★');
  });
});
