import { siteClaimEndpoint } from '../../../../features/claims/site-claim.server.ts';

export const prerender = false;

export const POST = siteClaimEndpoint;
