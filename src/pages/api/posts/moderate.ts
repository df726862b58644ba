import { bulkModerationEndpoint } from '../../../features/moderation/moderation.server.ts';

export const prerender = false;

export const POST = bulkModerationEndpoint;
