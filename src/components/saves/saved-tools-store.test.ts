import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogLoginErrorMessage, dialogRegisterErrorMessage } from '../account/auth-dialog.ts';
import type { SessionUserView } from '../account/session-client.ts';

const USER: SessionUserView = { id: 'u1', name: 'Ana', email: 'ana@ejemplo.es', role: 'user', image: null, isActive: true };
const TOOL = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

let handler: Handler;
const calls: { url: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  vi.resetModules();
  calls.length = 0;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    calls.push({ url: input, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return handler(input, init);
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Fresh copies of the stores for each test: their state lives in module scope. */
async function stores() {
  const saved = await import('./saved-tools-store.ts');
  const session = await import('../account/session-store.ts');
  const toast = await import('../toast/toast-store.ts');
  const dialog = await import('../account/auth-dialog-store.ts');
  return { ...saved, ...session, ...toast, ...dialog };
}

function serve(routes: { session?: unknown; ids?: string[]; change?: number }) {
  handler = (url, init) => {
    if (url === '/api/auth/get-session') return json(routes.session ?? null);
    if (url === '/api/saved' && (init?.method ?? 'GET') === 'GET') return json({ ids: routes.ids ?? [] });
    return json({}, routes.change ?? 200);
  };
}

describe('saved tools store', () => {
  it('loads the saved ids once the session turns out to be a user', async () => {
    serve({ session: { user: USER }, ids: [TOOL] });
    const { savedToolIds } = await stores();
    const stop = savedToolIds.listen(() => {});
    await vi.waitFor(() => expect([...savedToolIds.get()]).toEqual([TOOL]));
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/get-session', '/api/saved']);
    stop();
  });

  it('asks nothing more for a guest', async () => {
    serve({ session: null });
    const { savedToolIds, sessionUser } = await stores();
    const stop = savedToolIds.listen(() => {});
    await vi.waitFor(() => expect(sessionUser.get()).toBeNull());
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/get-session']);
    stop();
  });

  it('saves, then removes, with SPEC’s toasts and the button disabled meanwhile', async () => {
    serve({ change: 200 });
    const { toggleSavedTool, savedToolIds, pendingToolIds, sessionUser, currentToast } = await stores();
    sessionUser.set(USER);
    const stop = savedToolIds.listen(() => {});
    await vi.waitFor(() => expect(calls).toHaveLength(1));

    let answer: (response: Response) => void = () => {};
    handler = () => new Promise((resolve) => (answer = resolve));
    const saving = toggleSavedTool(TOOL, 'card');
    await vi.waitFor(() => expect(pendingToolIds.get().has(TOOL)).toBe(true));
    expect(await toggleSavedTool(TOOL, 'card')).toBe('busy');
    answer(json({ saved: true }));
    expect(await saving).toBe('saved');
    serve({ change: 200 });
    expect(pendingToolIds.get().has(TOOL)).toBe(false);
    expect(savedToolIds.get().has(TOOL)).toBe(true);
    expect(currentToast.get()).toEqual({ title: 'Publicación guardada', description: 'La publicación ha sido guardada exitosamente.' });

    expect(await toggleSavedTool(TOOL, 'page')).toBe('removed');
    expect(savedToolIds.get().has(TOOL)).toBe(false);
    expect(currentToast.get()).toEqual({ title: 'Publicación removida', description: 'La publicación ha sido removida de guardados.' });
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['GET', '/api/saved', undefined],
      ['POST', '/api/saved', { toolId: TOOL }],
      ['DELETE', '/api/saved', { toolId: TOOL }],
    ]);
    stop();
  });

  it('keeps the state and shows the failure toast when the server refuses', async () => {
    serve({ change: 503 });
    const { toggleSavedTool, savedToolIds, pendingToolIds, sessionUser, currentToast } = await stores();
    sessionUser.set(USER);
    const stop = savedToolIds.listen(() => {});
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(await toggleSavedTool(TOOL, 'card')).toBe('failed');
    expect(savedToolIds.get().size).toBe(0);
    expect(pendingToolIds.get().size).toBe(0);
    expect(currentToast.get()).toEqual({ title: 'Error', description: 'No se pudo guardar la publicación.', variant: 'destructive' });

    savedToolIds.set(new Set([OTHER]));
    expect(await toggleSavedTool(OTHER, 'card')).toBe('failed');
    expect(savedToolIds.get().has(OTHER)).toBe(true);
    expect(currentToast.get()).toEqual({ title: 'Error', description: 'No se pudo remover la publicación.', variant: 'destructive' });
    stop();
  });

  it('opens the auth dialog for a guest on a card, and only reports the guest on the tool page', async () => {
    serve({ session: null });
    const { toggleSavedTool, authDialogOpen, closeAuthDialog } = await stores();
    const opener = { isConnected: true, focus: vi.fn() } as unknown as HTMLElement;
    expect(await toggleSavedTool(TOOL, 'page')).toBe('guest');
    expect(authDialogOpen.get()).toBe(false);
    expect(await toggleSavedTool(TOOL, 'card', opener)).toBe('guest');
    expect(authDialogOpen.get()).toBe(true);
    closeAuthDialog();
    expect(authDialogOpen.get()).toBe(false);
    expect(opener.focus).toHaveBeenCalledOnce();
    expect(calls.filter((call) => call.url === '/api/saved')).toEqual([]);
  });

  it('saves the tool whose card opened the dialog once the guest signs in, and only once', async () => {
    const values = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => values.set(key, value),
      removeItem: (key: string) => values.delete(key),
    });
    serve({ session: null });
    const { toggleSavedTool, finishPendingSave, savedToolIds, currentToast, closeAuthDialog } = await stores();
    expect(await toggleSavedTool(TOOL, 'page')).toBe('guest');
    expect(values.size).toBe(0);
    expect(await toggleSavedTool(TOOL, 'card')).toBe('guest');
    closeAuthDialog();

    serve({ change: 200 });
    await finishPendingSave();
    expect(savedToolIds.get().has(TOOL)).toBe(true);
    expect(currentToast.get()).toEqual({ title: 'Publicación guardada', description: 'La publicación ha sido guardada exitosamente.' });
    await finishPendingSave();
    expect(calls.filter((call) => call.url === '/api/saved').map((call) => [call.method, call.body])).toEqual([['POST', { toolId: TOOL }]]);
  });

  it('reads the saved ids again 1000 ms after a sign-in from the dialog', async () => {
    vi.useFakeTimers();
    serve({ ids: [TOOL, OTHER] });
    const { refreshSavedToolsAfterSignIn, savedToolIds, SIGN_IN_REFRESH_DELAY_MS } = await stores();
    expect(SIGN_IN_REFRESH_DELAY_MS).toBe(1000);
    refreshSavedToolsAfterSignIn();
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect([...savedToolIds.get()]).toEqual([TOOL, OTHER]));
  });

  it('keeps a save made while the list of saved ids was still on its way', async () => {
    let answerList: (response: Response) => void = () => {};
    handler = (url, init) => {
      if (url === '/api/saved' && (init?.method ?? 'GET') === 'GET') return new Promise((resolve) => (answerList = resolve));
      return json({ saved: true });
    };
    const { savedToolIds, sessionUser, toggleSavedTool } = await stores();
    sessionUser.set(USER);
    const stop = savedToolIds.listen(() => {});
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(await toggleSavedTool(TOOL, 'card')).toBe('saved');
    // The list was read before the save reached the server.
    answerList(json({ ids: [OTHER] }));
    await vi.waitFor(() => expect([...savedToolIds.get()].sort()).toEqual([TOOL, OTHER].sort()));
    stop();
  });

  it('forgets the saved ids when the user signs out', async () => {
    serve({ session: { user: USER }, ids: [TOOL] });
    const { savedToolIds, sessionUser } = await stores();
    const stop = savedToolIds.listen(() => {});
    await vi.waitFor(() => expect(savedToolIds.get().size).toBe(1));
    sessionUser.set(null);
    expect(savedToolIds.get().size).toBe(0);
    stop();
  });
});

describe('auth dialog messages', () => {
  it('maps sign-in failures', () => {
    expect(dialogLoginErrorMessage({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe('Credenciales inválidas. Verifica tu email y contraseña.');
    expect(dialogLoginErrorMessage(undefined)).toBe('Error inesperado al iniciar sesión');
    expect(dialogLoginErrorMessage({ status: 403, code: 'EMAIL_NOT_VERIFIED' })).toBe('Por favor, verifica tu email antes de continuar');
  });

  it('maps sign-up failures', () => {
    expect(dialogRegisterErrorMessage({ status: 422, code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' })).toBe(
      'Este email ya está registrado. Intenta iniciar sesión.',
    );
    expect(dialogRegisterErrorMessage(undefined)).toBe('Error inesperado al registrarse');
  });
});
