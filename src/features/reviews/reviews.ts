/** Reviews' shared contract: limits, paths and the shapes the JSON endpoint answers. No zod here, so the tool page's script stays small. */

/** Plain-text limits (characters), also enforced by CHECK constraints in the database. */
export const REVIEW_LIMITS = { title: 120, body: 4000, pros: 1000, cons: 1000 } as const;

export type ReviewTextField = keyof typeof REVIEW_LIMITS;

export const REVIEW_TEXT_FIELDS = Object.keys(REVIEW_LIMITS) as ReviewTextField[];

/** A maker's reply to a review, in characters (also a CHECK constraint). */
export const REPLY_MAX_LENGTH = 1000;

export const REVIEWS_ENDPOINT = '/api/reviews';

/** Reviews per page of the list. */
export const REVIEWS_PAGE_SIZE = 20;

export const reviewOrders = ['recientes', 'utiles'] as const;
export type ReviewOrder = (typeof reviewOrders)[number];

export const reviewOrderLabels: Record<ReviewOrder, string> = { recientes: 'Más recientes', utiles: 'Más útiles' };

export const reviewPath = (id: string) => `${REVIEWS_ENDPOINT}/${id}`;
export const helpfulPath = (id: string) => `${REVIEWS_ENDPOINT}/${id}/util`;
export const reportPath = (id: string) => `${REVIEWS_ENDPOINT}/${id}/denuncia`;
/** POST: the maker replies to review `id`. */
export const replyToReviewPath = (id: string) => `${REVIEWS_ENDPOINT}/${id}/respuesta`;
/** PUT, DELETE: the maker's reply `id`. */
export const replyPath = (id: string) => `/api/review-replies/${id}`;

/** «Respuesta del fabricante» under a review: written by the tool's verified maker. */
export interface PublicReply {
  id: string;
  body: string;
  makerName: string;
  createdAt: string;
  updatedAt: string;
  /** Written by the visitor asking, who may edit or delete it. */
  mine: boolean;
}

export interface PublicReview {
  id: string;
  rating: number;
  title: string;
  body: string;
  pros: string;
  cons: string;
  authorName: string;
  createdAt: string;
  updatedAt: string;
  helpfulCount: number;
  /** Written by the visitor asking. */
  mine: boolean;
  /** The visitor asking already marked it useful. */
  votedHelpful: boolean;
  reply: PublicReply | null;
}

export interface ReviewsSummary {
  ratingCount: number;
  ratingSum: number;
  /** How many published reviews give 5, 4, 3, 2 and 1 stars, in that order. */
  distribution: [number, number, number, number, number];
}

export interface ReviewsPage {
  summary: ReviewsSummary;
  reviews: PublicReview[];
  page: number;
  hasMore: boolean;
  /** The visitor's own review of this tool (even when hidden by an admin), so the form can edit it. */
  own: PublicReview | null;
  /** Whether the request came with a session: the page shows the form or the invitation to sign in. */
  signedIn: boolean;
  /** The visitor is the tool's verified maker: no form to rate it (their stars would be self-serving), a reply button instead. */
  isMaker: boolean;
}

const dateFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric' });

/** «25 de noviembre de 2026». */
export function reviewDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** «A 3 personas les ha sido útil». */
export function helpfulLabel(count: number): string {
  if (count === 0) return '';
  return count === 1 ? 'A 1 persona le ha sido útil' : `A ${count} personas les ha sido útil`;
}
