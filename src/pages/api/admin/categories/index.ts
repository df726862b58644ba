import { createCategoryEndpoint } from '../../../../features/categories/categories-admin.server.ts';

export const prerender = false;

export const POST = createCategoryEndpoint;
