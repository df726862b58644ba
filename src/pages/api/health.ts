import { getPool } from '../../server/db/client.ts';
import { endpoint } from '../../server/http/endpoint.ts';
import { healthResponse } from '../../server/http/health.ts';

export const prerender = false;

// Our node server answers this path itself, with the build it serves; this route serves npm run dev and Vercel.
export const GET = endpoint({ sameOrigin: false, handle: () => healthResponse(getPool(), null) });
