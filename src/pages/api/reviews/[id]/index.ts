import { deleteReviewEndpoint, updateReviewEndpoint } from '../../../../features/reviews/reviews.server.ts';

export const prerender = false;

export const PUT = updateReviewEndpoint;
export const DELETE = deleteReviewEndpoint;
