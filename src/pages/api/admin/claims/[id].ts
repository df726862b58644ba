import { revokeClaimEndpoint } from '../../../../features/claims/claims.server.ts';

export const prerender = false;

export const POST = revokeClaimEndpoint;
