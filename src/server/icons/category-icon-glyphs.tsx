import {
  AudioLines, BarChart, Bot, Box, Briefcase, Code, Gamepad2, Globe, GraduationCap, Handshake, Headset, Heart,
  Image, Languages, Megaphone, MessageCircle, Mic, Music, Palette, PenLine, Presentation, Scale, ScanSearch,
  Search, Share2, ShoppingCart, Sparkles, Stethoscope, TrendingUp, Users, Video, Wallet, Workflow, Zap,
  type LucideIcon,
} from 'lucide-react';
import type { CategoryIconName } from '../../lib/category-icons.ts';

/** The drawing of each category icon; rendered once into /iconos.svg and into social images. */
export const categoryIconGlyphs: Record<CategoryIconName, LucideIcon> = {
  'pen-line': PenLine, image: Image, video: Video, code: Code, 'audio-lines': AudioLines, mic: Mic, music: Music,
  briefcase: Briefcase, megaphone: Megaphone, 'scan-search': ScanSearch, palette: Palette, heart: Heart,
  'graduation-cap': GraduationCap, zap: Zap, bot: Bot, 'message-circle': MessageCircle, search: Search,
  'bar-chart': BarChart, globe: Globe, presentation: Presentation, headset: Headset, 'trending-up': TrendingUp,
  gamepad: Gamepad2, share: Share2, wallet: Wallet, scale: Scale, box: Box, 'shopping-cart': ShoppingCart,
  stethoscope: Stethoscope, languages: Languages, handshake: Handshake, users: Users, workflow: Workflow,
  sparkles: Sparkles,
};

/** A category's icon drawn inline (server-side uses only); unknown names get the default icon. */
export function CategoryIconGlyph({ name, className }: { name: string; className?: string }) {
  const Icon = categoryIconGlyphs[name as CategoryIconName] ?? Sparkles;
  return <Icon className={className} aria-hidden="true" />;
}
