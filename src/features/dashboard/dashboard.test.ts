import { describe, expect, it } from 'vitest';
import { canEditTool, dashboardDate, editorPath } from '../../lib/dashboard.ts';
import { accountErrorMessage, AVATAR_MAX_BYTES, avatarFileProblem } from './profile.ts';
import { currentDashboardSection, DASHBOARD_SECTIONS, DASHBOARD_TOOLS } from './sections.ts';
import { isSidebarShortcut, sidebarCookie, sidebarOpenFromCookie, SIDEBAR_COOKIE_MAX_AGE_SECONDS } from './sidebar-state.ts';

describe('sidebar state', () => {
  it('is open unless the cookie says false, and is kept for 7 days', () => {
    expect(sidebarOpenFromCookie(undefined)).toBe(true);
    expect(sidebarOpenFromCookie('true')).toBe(true);
    expect(sidebarOpenFromCookie('false')).toBe(false);
    expect(SIDEBAR_COOKIE_MAX_AGE_SECONDS).toBe(604_800);
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; samesite=lax');
  });

  it('toggles with Ctrl+B or Cmd+B only', () => {
    const key = (init: Partial<KeyboardEvent>) => ({ key: 'b', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...init });
    expect(isSidebarShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key({ metaKey: true, key: 'B' }))).toBe(true);
    expect(isSidebarShortcut(key({}))).toBe(false);
    expect(isSidebarShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key({ ctrlKey: true, key: 'n' }))).toBe(false);
  });
});

describe('sections', () => {
  it('lists SPEC’s sections plus stories, then the two generators', () => {
    expect(DASHBOARD_SECTIONS.map((section) => section.href)).toEqual([
      '/dashboard',
      '/dashboard/posts',
      '/dashboard/saved',
      '/dashboard/images',
      '/dashboard/mis-descripciones',
      '/dashboard/historias',
      '/dashboard/profile',
    ]);
    expect(DASHBOARD_TOOLS.map((tool) => tool.href)).toEqual(['/generador-de-imagenes', '/descripcion-de-imagenes']);
  });

  it('marks the current section, the overview only on its own path', () => {
    expect(currentDashboardSection('/dashboard')?.label).toBe('Resumen');
    expect(currentDashboardSection('/dashboard/')?.label).toBe('Resumen');
    expect(currentDashboardSection('/dashboard/saved')?.label).toBe('Guardados');
    expect(currentDashboardSection('/dashboard/profile/otra')?.label).toBe('Perfil');
    expect(currentDashboardSection('/dashboard/desconocida')).toBeUndefined();
  });
});

describe('my posts', () => {
  it('lets authors edit until a post is published, and admins always', () => {
    expect(canEditTool({ status: 'pending' }, 'user')).toBe(true);
    expect(canEditTool({ status: 'rejected' }, 'user')).toBe(true);
    expect(canEditTool({ status: 'published' }, 'user')).toBe(false);
    expect(canEditTool({ status: 'published' }, 'admin')).toBe(true);
  });

  it("sends admins to the admin editor's address and authors to /editar", () => {
    expect(editorPath('abc', 'admin')).toBe('/admin/edit/abc');
    expect(editorPath('abc', 'user')).toBe('/editar/abc');
  });

  it('dates in es-ES', () => {
    expect(dashboardDate('2026-11-05T10:00:00Z')).toBe('5 nov 2026');
  });
});

describe('profile', () => {
  it('checks an avatar before it is sent (an image of at most 5 MB)', () => {
    expect(avatarFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('La imagen es demasiado grande. Máximo 5MB');
    expect(avatarFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('Por favor selecciona un archivo de imagen válido');
    expect(avatarFileProblem({ type: 'application/pdf', size: 10 })).toBe('Por favor selecciona un archivo de imagen válido');
  });

  it('words the account routes’ failures', () => {
    expect(accountErrorMessage(undefined)).toBe('No se pudo conectar con el servidor. Inténtalo de nuevo.');
    expect(accountErrorMessage({ status: 400, code: 'INVALID_PASSWORD', message: 'Contraseña inválida' })).toBe('La contraseña no es correcta.');
    expect(accountErrorMessage({ status: 429 })).toBe('Demasiados intentos. Espera un momento e inténtalo de nuevo');
    expect(accountErrorMessage({ status: 400, code: 'MENSAJE', message: 'Escribe tu contraseña para confirmar' })).toBe('Escribe tu contraseña para confirmar');
  });
});
