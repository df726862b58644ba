import { deleteReplyAsAdminEndpoint } from '../../../../features/reviews/reviews-admin.server.ts';

export const prerender = false;

export const DELETE = deleteReplyAsAdminEndpoint;
