import { pageMetadataEndpoint } from '../../../features/publish/publish.server.ts';

export const prerender = false;

export const POST = pageMetadataEndpoint;
