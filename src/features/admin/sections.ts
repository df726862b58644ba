/** The admin panel's sections, in the order the navigation shows them. */
export interface AdminSection {
  href: string;
  label: string;
  /** Which of the layout's counts the link shows, if any. */
  count?: 'pending' | 'published' | 'users' | 'reports';
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { href: '/admin', label: 'Resumen' },
  { href: '/admin/pendientes', label: 'Pendientes', count: 'pending' },
  { href: '/admin/publicados', label: 'Publicados', count: 'published' },
  { href: '/admin/usuarios', label: 'Usuarios', count: 'users' },
  { href: '/admin/categorias', label: 'Categorías' },
  { href: '/admin/redirecciones', label: 'Redirecciones' },
  { href: '/admin/informes', label: 'Informes y reclamaciones', count: 'reports' },
  { href: '/admin/enlaces', label: 'Enlaces a revisar' },
  { href: '/admin/busquedas', label: 'Búsquedas sin resultado' },
  { href: '/admin/valoraciones', label: 'Valoraciones' },
  { href: '/admin/descripciones', label: 'Descripciones' },
  { href: '/admin/configuracion', label: 'Configuración' },
  { href: '/admin/copias', label: 'Copias de seguridad' },
];

/** The section a path belongs to: the longest href that starts it. */
export function currentSection(path: string): AdminSection | undefined {
  return [...ADMIN_SECTIONS].sort((a, b) => b.href.length - a.href.length).find((section) => path === section.href || path.startsWith(`${section.href}/`));
}
