/**
 * «Informar de un problema»: the reasons a visitor can give, their Spanish labels and the limits the
 * form and the server share. No zod here: the tool page's script imports this and must stay small.
 */
export const REPORT_REASONS = ['wrong_info', 'broken_link', 'duplicate', 'unsafe', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABEL: Record<ReportReason, string> = {
  wrong_info: 'Información incorrecta',
  broken_link: 'Enlace roto',
  duplicate: 'Duplicada',
  unsafe: 'Insegura o estafa',
  other: 'Otro',
};

export const REPORT_DETAILS_MAX = 1000;
export const REPORT_EMAIL_MAX = 254;

export const REPORTS_ENDPOINT = '/api/reports';

export const REPORT_SENT = 'Gracias: hemos recibido tu aviso y lo revisaremos pronto.';
export const REPORT_FAILED = 'No se pudo enviar el aviso. Inténtalo de nuevo.';

/** What an admin can do with a tool's open reports in /admin/informes. */
export const REPORT_ACTIONS = ['resolve', 'dismiss', 'retire'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const reportActionPath = (toolId: string) => `/api/admin/reports/${toolId}`;
