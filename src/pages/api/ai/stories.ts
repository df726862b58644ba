import { recentStoriesEndpoint, storyEndpoint } from '../../../features/stories/stories.server.ts';

export const prerender = false;

export const POST = storyEndpoint();
export const GET = recentStoriesEndpoint;
