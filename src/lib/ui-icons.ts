/** Names of the interface icons in the /iconos.svg sprite (drawn in src/server/icons/ui-icon-glyphs.tsx). */
export type UiIconName =
  | 'bookmark' | 'bookmark-check' | 'check' | 'chevron-down' | 'external-link' | 'layout-dashboard' | 'loader' | 'log-out' | 'plus' | 'rotate-ccw'
  | 'search' | 'search-x' | 'shield-check'
  // Image generator.
  | 'copy' | 'download' | 'heart' | 'image-off' | 'maximize' | 'share' | 'sparkles' | 'trash' | 'wand' | 'x';
