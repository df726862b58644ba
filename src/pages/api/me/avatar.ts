import { removeAvatarEndpoint, uploadAvatarEndpoint } from '../../../features/dashboard/avatar.server.ts';

export const prerender = false;

export const POST = uploadAvatarEndpoint;
export const DELETE = removeAvatarEndpoint;
