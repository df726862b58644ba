import { deleteReplyAsAdminEndpoint } from '../../../../features/admin/reviews.server.ts';

export const prerender = false;

export const DELETE = deleteReplyAsAdminEndpoint;
