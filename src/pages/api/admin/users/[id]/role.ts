import { userRoleEndpoint } from '../../../../../features/admin/users.server.ts';

export const prerender = false;

export const POST = userRoleEndpoint;
