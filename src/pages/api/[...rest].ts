import { apiNotFound } from '../../server/http/endpoint.ts';

export const prerender = false;

export const ALL = apiNotFound;
