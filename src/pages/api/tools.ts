import type { APIRoute } from 'astro';
import { toolListResponse } from '../../server/catalogue/tool-list.ts';

export const prerender = false;

export const GET: APIRoute = ({ url }) => toolListResponse(url);
