import { reportEndpoint } from '../../../../features/reviews/reviews.server.ts';

export const prerender = false;

export const POST = reportEndpoint;
