import {
  Bookmark, BookmarkCheck, Check, ChevronDown, ExternalLink, LayoutDashboard, Loader2, LogOut, Plus, RotateCcw, Search, SearchX, ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import { Copy, Download, Heart, ImageOff, Maximize2, Share2, Sparkles, Trash2, WandSparkles, X } from 'lucide-react';
import type { UiIconName } from '../../lib/ui-icons.ts';

/** Interface icons the islands draw through the /iconos.svg sprite. */
export const uiIconGlyphs: Record<UiIconName, LucideIcon> = {
  bookmark: Bookmark, 'bookmark-check': BookmarkCheck, check: Check, 'chevron-down': ChevronDown, 'external-link': ExternalLink, 'layout-dashboard': LayoutDashboard,
  loader: Loader2, 'log-out': LogOut, plus: Plus, 'rotate-ccw': RotateCcw, search: Search, 'search-x': SearchX,
  'shield-check': ShieldCheck,
  copy: Copy, download: Download, heart: Heart, 'image-off': ImageOff, maximize: Maximize2, share: Share2, sparkles: Sparkles,
  trash: Trash2, wand: WandSparkles, x: X,
};
