import { recentStoriesEndpoint, storyEndpoint } from '../../../features/stories/stories.server.ts';
import { methodNotAllowed } from '../../../server/http/endpoint.ts';

export const prerender = false;

export const POST = storyEndpoint();
export const GET = recentStoriesEndpoint;
export const ALL = methodNotAllowed;
