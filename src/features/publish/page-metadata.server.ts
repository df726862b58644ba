/**
 * What a tool's own homepage says about itself (to fill the form from the URL): title, description, share image
 * and icon, read by the one page-head parser (src/server/net/page-meta.ts). Pages are written by strangers, so
 * anything odd is skipped, never thrown; image and icon addresses come back absolute and http(s) only.
 */
import { isSvgIcon, rankIcons, readPageHead, visibleText } from '../../server/net/page-meta.ts';
import type { PageSuggestions } from '../../lib/tool-form.ts';

/** Suggestions are trimmed to what the form accepts. */
const SUGGESTION_LIMITS = { title: 200, description: 1000 } as const;

/** Reads title, description, og:image and the best icon from a page's HTML; `pageUrl` resolves relative addresses. */
export function extractPageMetadata(html: string, pageUrl: string): PageSuggestions {
  const head = readPageHead(html, pageUrl);
  const first = <T>(keys: string[], read: (value: string | undefined) => T | null) =>
    keys.reduce<T | null>((found, key) => found ?? read(head.meta.get(key)), null);
  const title = (value: string | undefined) => visibleText(value, SUGGESTION_LIMITS.title);
  const description = (value: string | undefined) => visibleText(value, SUGGESTION_LIMITS.description);
  // The best raster icon; a page that only has a favicon.ico still gets it suggested, an SVG never (it can carry
  // scripts and remote references).
  const icon = rankIcons(head.icons)[0] ?? head.icons.find((candidate) => !isSvgIcon(candidate));
  return {
    title: first(['og:title', 'twitter:title'], title) ?? title(head.title),
    description: first(['og:description', 'description', 'twitter:description'], description),
    image: first(['og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'], head.resolve),
    icon: icon?.url ?? null,
  };
}
