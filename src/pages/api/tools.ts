import type { APIRoute } from 'astro';
import { toolListResponse } from '../../features/catalogue/tool-list.server.ts';
import { methodNotAllowed } from '../../server/http/endpoint.ts';

export const prerender = false;

export const GET: APIRoute = ({ url }) => toolListResponse(url);
export const ALL = methodNotAllowed;
