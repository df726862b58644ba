import { saveSettingsEndpoint } from '../../../../features/admin/settings.server.ts';

export const prerender = false;

export const PUT = saveSettingsEndpoint;
