/** «¿Es tu herramienta?»: routes, limits and texts shared by the pages, the forms and the server. */

/** How long the link sent to the tool's domain stays valid. */
export const CLAIM_TOKEN_HOURS = 24;

/** How long the code for the meta tag or file stays valid: time to deploy a change to the tool's site. */
export const SITE_CLAIM_DAYS = 7;
/** The meta tag's name and the file's path on the tool's site that carry the code. */
export const SITE_CLAIM_META = 'brujula-ia-verificacion';
export const SITE_CLAIM_FILE = '/.well-known/brujula-ia.txt';

export const claimPath = (slug: string) => `/reclamar/${slug}`;
export const CLAIM_VERIFY_PATH = '/reclamar/verificar';
export const claimEmailEndpoint = (toolId: string) => `/api/claims/${toolId}/email`;
export const claimSiteEndpoint = (toolId: string) => `/api/claims/${toolId}/site`;
export const proposalEndpoint = (toolId: string) => `/api/claims/${toolId}/proposals`;
export const claimRevokeEndpoint = (claimId: string) => `/api/admin/claims/${claimId}`;
export const proposalDecisionEndpoint = (proposalId: string) => `/api/admin/proposals/${proposalId}`;

/** The listing fields a verified maker may propose changing, with their Spanish names for the admin's diff. */
export const PROPOSAL_FIELDS = ['title', 'description', 'url'] as const;
export type ProposalField = (typeof PROPOSAL_FIELDS)[number];
export const PROPOSAL_FIELD_LABEL: Record<ProposalField, string> = { title: 'Título', description: 'Descripción', url: 'Web' };
export type ProposalValues = Partial<Record<ProposalField, string>>;
