/** Site identity for pages rendered on the server or at build time. */
import { serverEnv } from './env.ts';

export function siteConfig(): { name: string; url: string; contactEmail: string } {
  const env = serverEnv();
  return { name: env.SITE_NAME, url: env.SITE_URL, contactEmail: env.CONTACT_EMAIL };
}
