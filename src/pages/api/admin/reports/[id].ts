import { reportActionEndpoint } from '../../../../features/reports/reports.server.ts';

export const prerender = false;

export const POST = reportActionEndpoint;
