import type { APIRoute } from 'astro';
import { getStories, postStory } from '../../../features/stories/stories.server.ts';

export const prerender = false;

export const POST: APIRoute = (context) => postStory(context);

export const GET: APIRoute = (context) => getStories(context);
