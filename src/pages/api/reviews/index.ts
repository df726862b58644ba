import { createReviewEndpoint, listReviewsEndpoint } from '../../../features/reviews/reviews.server.ts';

export const prerender = false;

export const GET = listReviewsEndpoint;
export const POST = createReviewEndpoint;
