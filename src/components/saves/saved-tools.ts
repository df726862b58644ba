/** Saving tools: the texts and the browser's calls to /api/saved. */

export const SAVED_TOOLS_PATH = '/api/saved';

export const GUEST_SAVE_MESSAGE = 'Debes iniciar sesión para guardar publicaciones.';
export const GUEST_SIGN_IN_LABEL = 'Iniciar sesión';

export const SAVE_LABEL = 'Guardar';
export const SAVED_LABEL = 'Guardado';

export const saveToasts = {
  saved: { title: 'Publicación guardada', description: 'La publicación ha sido guardada exitosamente.' },
  removed: { title: 'Publicación removida', description: 'La publicación ha sido removida de guardados.' },
  saveFailed: { title: 'Error', description: 'No se pudo guardar la publicación.', variant: 'destructive' },
  removeFailed: { title: 'Error', description: 'No se pudo remover la publicación.', variant: 'destructive' },
} as const;

/** The signed-in user's saved tool ids, or null when the answer is not a list (signed out, server error). */
export async function fetchSavedToolIds(): Promise<string[] | null> {
  try {
    const response = await fetch(SAVED_TOOLS_PATH, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const data = (await response.json()) as { ids?: unknown };
    return Array.isArray(data.ids) ? data.ids.filter((id): id is string => typeof id === 'string') : null;
  } catch {
    return null;
  }
}

/** Saves (`save` true) or removes a tool; the answer's HTTP status, or 0 when the request never got one. */
export async function requestSaveChange(toolId: string, save: boolean): Promise<number> {
  try {
    const response = await fetch(SAVED_TOOLS_PATH, {
      method: save ? 'POST' : 'DELETE',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ toolId }),
      credentials: 'same-origin',
    });
    return response.status;
  } catch {
    return 0;
  }
}
