/**
 * Site identity for pages rendered on the server or at build time: the admin's settings (site_settings) over the
 * environment. Synchronous: it reads the settings the middleware loaded for this request (or the build's page).
 */
import { serverEnv } from './env.ts';
import { settingsSnapshot } from './settings/site-settings.ts';

/** The footer's line and the site card's when the admin has not written one. */
export const DEFAULT_TAGLINE = 'Directorio en español de herramientas de inteligencia artificial, con fichas propias y utilidades de IA gratuitas.';

export function siteConfig(): { name: string; url: string; contactEmail: string; tagline: string } {
  const env = serverEnv();
  const { site } = settingsSnapshot();
  return {
    name: site.name ?? env.SITE_NAME,
    url: env.SITE_URL,
    contactEmail: site.contactEmail ?? env.CONTACT_EMAIL,
    tagline: site.tagline ?? DEFAULT_TAGLINE,
  };
}

/**
 * How many of the catalogue's first tools, in editorial order, a build prerenders the page and the «Alternativas a…»
 * page of; the others are rendered on demand at the same addresses (docs/decisions/015).
 */
export const prerenderedTools = (): number => serverEnv().PRERENDERED_TOOLS;
