/** The dashboard's sidebar: its sections, then links to the AI utilities. */

export type SectionIcon = 'overview' | 'posts' | 'saved' | 'images' | 'descriptions' | 'stories' | 'profile' | 'image-generator' | 'description-generator';

export interface DashboardLink {
  href: string;
  label: string;
  icon: SectionIcon;
}

export const DASHBOARD_SECTIONS: readonly DashboardLink[] = [
  { href: '/dashboard', label: 'Resumen', icon: 'overview' },
  { href: '/dashboard/posts', label: 'Mis publicaciones', icon: 'posts' },
  { href: '/dashboard/saved', label: 'Guardados', icon: 'saved' },
  { href: '/dashboard/images', label: 'Imágenes', icon: 'images' },
  { href: '/dashboard/mis-descripciones', label: 'Descripciones', icon: 'descriptions' },
  { href: '/dashboard/historias', label: 'Historias', icon: 'stories' },
  { href: '/dashboard/profile', label: 'Perfil', icon: 'profile' },
];

export const DASHBOARD_TOOLS: readonly DashboardLink[] = [
  { href: '/generador-de-imagenes', label: 'Generador de imágenes', icon: 'image-generator' },
  { href: '/descripcion-de-imagenes', label: 'Descripción de imágenes', icon: 'description-generator' },
];

/** The section a dashboard path belongs to (the overview only for /dashboard itself). */
export function currentDashboardSection(pathname: string): DashboardLink | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return DASHBOARD_SECTIONS.find((section) =>
    section.href === '/dashboard' ? path === '/dashboard' : path === section.href || path.startsWith(`${section.href}/`),
  );
}
