/**
 * The user's dashboard: what its pages show, their limits and their texts, shared by the
 * server queries, the Astro pages and the islands.
 */

/** Dashboard lists show 5 posts and a grid of 6 images. */
export const RECENT_TOOLS = 5;
export const RECENT_IMAGES = 6;
/** Saved tools come in pages of this many (24: two rows of the widest grids). */
export const SAVED_PAGE_SIZE = 24;
/** The saved list is read again this long after an unsave. */
export const SAVED_REFETCH_DELAY_MS = 500;

export type ToolStatus = 'pending' | 'published' | 'rejected' | 'withdrawn';

export const TOOL_STATUS_LABEL: Record<ToolStatus, string> = {
  published: 'Publicado',
  pending: 'Pendiente',
  rejected: 'Rechazado',
  withdrawn: 'Retirada',
};

export interface OverviewStats {
  posts: { total: number; published: number; pending: number; rejected: number };
  /** Page views of all the user's tools. */
  views: number;
  images: { total: number; saved: number };
  stories: number;
  savedTools: number;
}

/** One of the user's own tools as 'Mis publicaciones' and the overview list it. */
export interface MyTool {
  id: string;
  title: string;
  slug: string;
  description: string;
  status: ToolStatus;
  /** The moderator's note shown with a rejection, or the admin's reason for withdrawing it. */
  reviewNote: string | null;
  isVerified: boolean;
  views: number;
  category: { name: string; slug: string } | null;
  createdAt: string;
}

/** A saved tool as the 'Guardados' cards show it. */
export interface SavedToolView {
  id: string;
  slug: string;
  title: string;
  description: string;
  url: string | null;
  /** The tool's image, else its logo (SPEC: "image or logo with fallback icon"), as a served address. */
  imageUrl: string | null;
  logoUrl: string | null;
  isFeatured: boolean;
  isPopular: boolean;
  isVerified: boolean;
  category: { name: string; slug: string; icon: string; color: string } | null;
  author: string;
  savedAt: string;
}

export interface SavedToolsPage {
  items: SavedToolView[];
  total: number;
  page: number;
  hasMore: boolean;
}

/** Who may open the editor from 'Mis publicaciones': admins always, authors until it is published. */
export function canEditTool(tool: Pick<MyTool, 'status'>, role: 'user' | 'admin'): boolean {
  return role === 'admin' || tool.status !== 'published';
}

/** The same editor behind both addresses: SPEC sends admins to /admin/edit/{id}, authors use /editar/{id}. */
export function editorPath(toolId: string, role: 'user' | 'admin'): string {
  return role === 'admin' ? `/admin/edit/${toolId}` : `/editar/${toolId}`;
}

export const DELETE_TOOL_TEXTS = {
  confirmTitle: '¿Eliminar publicación?',
  deleted: 'Publicación eliminada',
  failed: 'No se pudo eliminar la publicación.',
} as const;

/** «Retirar» and «Pedir que vuelva» on 'Mis publicaciones'. */
export const LIFECYCLE_TEXTS = {
  withdrawTitle: '¿Retirar la herramienta?',
  withdrawDescription: (title: string) => `«${title}» dejará de verse en el sitio. Podrás pedir que vuelva cuando quieras; el equipo la revisará de nuevo.`,
  withdrawn: 'Herramienta retirada',
  askBackTitle: '¿Pedir que vuelva?',
  askBackDescription: (title: string) => `«${title}» pasará a revisión. Cuando el equipo la apruebe, volverá a verse en el sitio.`,
  askedBack: 'Enviada a revisión',
  failed: 'No se pudo cambiar el estado de la publicación.',
} as const;

const shortDate = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Madrid' });

/** '5 nov 2026'. */
export function dashboardDate(iso: string): string {
  return shortDate.format(new Date(iso));
}

const numbers = new Intl.NumberFormat('es-ES');

export function formatCount(value: number): string {
  return numbers.format(value);
}
