import { downloadBackupEndpoint } from '../../../../features/admin/backups.server.ts';

export const prerender = false;

export const GET = downloadBackupEndpoint;
