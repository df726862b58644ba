/**
 * Top-level addresses the site itself uses: a publication never takes one as its slug, or its page would be
 * shadowed by (or shadow) a route. reserved-slugs.test.ts checks the list against src/pages and public/.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  '404',
  '500',
  '_astro',
  'acceso-denegado',
  'admin',
  'alternativas',
  'api',
  'ayuda',
  'buscar',
  'categoria',
  'categorias',
  'comparar',
  'contacto',
  'dashboard',
  'descripcion-de-imagenes',
  'editar',
  'favicon',
  'feed',
  'generador-de-historias',
  'generador-de-imagenes',
  'generador-de-imagenes-gratis',
  'generar-historia',
  'herramientas-ia-gratis',
  'ia-para',
  'iconos',
  'index',
  'login',
  'logo-512',
  'media',
  'mis-descripciones',
  'og',
  'pagefind',
  'perfil',
  'privacidad',
  'publicar',
  'reclamar',
  'reconstruccion-interna',
  'recuperar-contrasena',
  'register',
  'registro',
  'restablecer-contrasena',
  'robots',
  'sitemap',
  'terminos',
]);

/** The first segment of a route file's name: 'buscar.astro' -> 'buscar', 'sitemap-[n].xml.ts' -> 'sitemap'. */
export function routeSlug(fileName: string): string | null {
  if (fileName.startsWith('[') || fileName.startsWith('_')) return null;
  return fileName.split('.')[0]!.replace(/-\[.*$/, '');
}
