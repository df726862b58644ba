import { deleteReplyEndpoint, updateReplyEndpoint } from '../../../features/reviews/replies.server.ts';

export const prerender = false;

export const PUT = updateReplyEndpoint;
export const DELETE = deleteReplyEndpoint;
