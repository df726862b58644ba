import type { APIRoute } from 'astro';
import { getImageDescriber } from '../../../server/ai/registry.ts';
import { generateDescription } from '../../../features/descriptions/generate.server.ts';
import { allowHostsFromEnv } from '../../../server/net/safe-fetch.ts';

export const prerender = false;

export const POST: APIRoute = (context) => generateDescription(context, { describer: getImageDescriber, allowHosts: allowHostsFromEnv() });
