import { updateCategoryEndpoint } from '../../../../features/categories/categories-admin.server.ts';

export const prerender = false;

export const PUT = updateCategoryEndpoint;
