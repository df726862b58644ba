import { linkReviewEndpoint } from '../../../../../features/catalogue/link-review.server.ts';

export const prerender = false;

export const POST = linkReviewEndpoint;
