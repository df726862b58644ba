import type { APIRoute } from 'astro';
import { toolListResponse } from '../../features/catalogue/tool-list.server.ts';

export const prerender = false;

export const GET: APIRoute = ({ url }) => toolListResponse(url);
