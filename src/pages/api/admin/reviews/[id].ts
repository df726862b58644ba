import { deleteReviewAsAdminEndpoint, setReviewStatusEndpoint } from '../../../../features/admin/reviews.server.ts';

export const prerender = false;

export const PATCH = setReviewStatusEndpoint;
export const DELETE = deleteReviewAsAdminEndpoint;
