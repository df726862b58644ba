/** Site identity for pages rendered on the server or at build time. */
export function siteConfig(): { name: string; url: string } {
  return {
    name: process.env.SITE_NAME || 'Brújula IA',
    url: (process.env.SITE_URL || 'http://localhost:4321').replace(/\/$/, ''),
  };
}
