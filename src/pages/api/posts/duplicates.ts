import { duplicatesEndpoint } from '../../../features/publish/publish.server.ts';

export const prerender = false;

export const GET = duplicatesEndpoint;
