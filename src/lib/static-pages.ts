/** Pages whose content lives in the code, with the date their text last changed (shown on the page and in the sitemap). */
export const contentPages = {
  freeTools: { path: '/herramientas-ia-gratis', revised: '2026-11-22' },
  imageGenerator: { path: '/generador-de-imagenes', revised: '2026-11-22' },
  imageDescriptions: { path: '/descripcion-de-imagenes', revised: '2026-11-22' },
  storyGenerator: { path: '/generar-historia', revised: '2026-11-22' },
  privacy: { path: '/privacidad', revised: '2026-11-22' },
  terms: { path: '/terminos', revised: '2026-11-22' },
  help: { path: '/ayuda', revised: '2026-11-22' },
} as const;

const dateFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "22 de noviembre de 2026" */
export function formatRevised(revised: string): string {
  return dateFormat.format(new Date(`${revised}T00:00:00Z`));
}
