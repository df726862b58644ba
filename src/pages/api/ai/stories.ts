import type { APIRoute } from 'astro';
import { getStories, postStory } from '../../../server/ai/story-endpoint.ts';

export const prerender = false;

export const POST: APIRoute = (context) => postStory(context);

export const GET: APIRoute = (context) => getStories(context);
