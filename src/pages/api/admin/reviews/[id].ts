import { deleteReviewAsAdminEndpoint, setReviewStatusEndpoint } from '../../../../features/reviews/reviews-admin.server.ts';

export const prerender = false;

export const PATCH = setReviewStatusEndpoint;
export const DELETE = deleteReviewAsAdminEndpoint;
