/**
 * What the publish and edit pages render for the visitor: the form, or the access notice, or
 * the not-found screen. The pages stay thin; the endpoints check the same rules again on every save.
 */
import type { AstroGlobal } from 'astro';
import { loginPathFor } from '../../lib/return-path.ts';
import { can, type Role } from '../../lib/permissions.ts';
import { siteConfig } from '../../server/site.ts';
import type { EditableTool, PickerCategory } from '../../lib/tool-form.ts';
import { listPickerCategories, loadEditableTool } from '../../server/db/queries/tool-writes.ts';
import type { SubmissionDraft } from './submission-draft.ts';
import { loadDraft } from './submission-drafts-queries.server.ts';

/** What AccessNotice.astro shows: the screen's message, and the toast on the page the visitor is sent to. */
export interface AccessNoticeProps {
  title: string;
  message: string;
  toastTitle: string;
  toastMessage: string;
  /** Where the visitor goes next (/login?next=… or /). */
  to: string;
  linkLabel: string;
}

interface FormData {
  categories: PickerCategory[];
  siteName: string;
  siteUrl: string;
  /** The form says whether saving checks the tool's facts (queries.server.ts factsCheck). */
  checksFacts: boolean;
}

export type PublishPageState =
  | { kind: 'form'; form: FormData; draft?: SubmissionDraft }
  | { kind: 'denied'; notice: AccessNoticeProps; status: number }
  /** ?borrador= names no draft of this author's (someone else's, deleted, or sent already): 404. */
  | { kind: 'missing-draft' };

export type EditPageState =
  | { kind: 'form'; form: FormData; post: EditableTool; access: 'admin' | 'author' }
  | { kind: 'denied'; notice: AccessNoticeProps; status: number }
  | { kind: 'missing' };

type PageContext = Pick<AstroGlobal, 'locals' | 'url' | 'response'>;

/** The page's status follows its state: the notice's 401 or 403, 404 for a missing post. */
function withStatus<State extends PublishPageState | EditPageState>(astro: PageContext, state: State): State {
  if (state.kind === 'denied') astro.response.status = state.status;
  if (state.kind === 'missing' || state.kind === 'missing-draft') astro.response.status = 404;
  return state;
}

async function formData(user: { role: Role }): Promise<FormData> {
  const site = siteConfig();
  return { categories: await listPickerCategories(), siteName: site.name, siteUrl: site.url, checksFacts: can(user.role, 'check:facts:any') };
}

/** /publicar: signed-in users only; sets the response's status ('Acceso requerido', then /login with the toast 'Acceso denegado'). */
export async function publishPageState(astro: PageContext): Promise<PublishPageState> {
  astro.response.headers.set('cache-control', 'private, no-store');
  const user = astro.locals.user;
  if (!user || !can(user.role, 'publish:post:own')) {
    return withStatus(astro, {
      kind: 'denied',
      status: 401,
      notice: {
        title: 'Acceso requerido',
        message: 'Necesitas iniciar sesión para publicar contenido.',
        toastTitle: 'Acceso denegado',
        toastMessage: 'Necesitas iniciar sesión para publicar.',
        to: loginPathFor(astro.url.pathname),
        linkLabel: 'Iniciar sesión',
      },
    });
  }
  const draftId = astro.url.searchParams.get('borrador');
  if (draftId === null) return { kind: 'form', form: await formData(user) };
  const draft = await loadDraft(user.id, draftId);
  if (!draft) return withStatus(astro, { kind: 'missing-draft' });
  return { kind: 'form', form: await formData(user), draft };
}

/**
 * /editar/{id} and /admin/edit/{id}: an admin edits any post; an author their own pending or rejected submission.
 * Signed out: 'Necesitas iniciar sesión para editar.' and /login; anyone else: 'No tienes permisos para editar
 * publicaciones' and /. A missing post (for an admin) is SPEC's 'Publicación no encontrada'. Sets the response's
 * status, so both addresses answer alike.
 */
export async function editPageState(astro: PageContext, id: string): Promise<EditPageState> {
  astro.response.headers.set('cache-control', 'private, no-store');
  const user = astro.locals.user;
  if (!user) {
    return withStatus(astro, {
      kind: 'denied',
      status: 401,
      notice: {
        title: 'Acceso requerido',
        message: 'Necesitas iniciar sesión para editar.',
        toastTitle: 'Acceso denegado',
        toastMessage: 'Necesitas iniciar sesión para editar.',
        to: loginPathFor(astro.url.pathname),
        linkLabel: 'Iniciar sesión',
      },
    });
  }
  const loaded = await loadEditableTool(id, user);
  if (loaded === 'missing' && can(user.role, 'update:post:any')) return withStatus(astro, { kind: 'missing' });
  if (loaded === 'missing' || loaded === 'forbidden') {
    return withStatus(astro, {
      kind: 'denied',
      status: 403,
      notice: {
        title: 'Acceso denegado',
        message: 'No tienes permisos para editar publicaciones',
        toastTitle: 'Acceso denegado',
        toastMessage: 'No tienes permisos para editar publicaciones',
        to: '/',
        linkLabel: 'Volver al inicio',
      },
    });
  }
  return { kind: 'form', form: await formData(user), post: loaded.post, access: loaded.access };
}
