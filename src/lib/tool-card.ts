/** The shape of a tool as cards show it, shared by server queries, pages and islands. */
import type { PricingModel } from './pricing.ts';

export interface CategoryChip {
  slug: string;
  name: string;
  icon: string;
  color: string;
}

export interface ToolCardData {
  id: string;
  slug: string;
  title: string;
  description: string;
  url: string | null;
  imageUrl: string | null;
  logoUrl: string | null;
  pricing: PricingModel;
  isFeatured: boolean;
  isPopular: boolean;
  isVerified: boolean;
  /** Retired (shut down or absorbed): its page stays, marked, for people who look for it. */
  discontinued?: boolean;
  categories: CategoryChip[];
  /** Published reviews and the sum of their stars (src/lib/rating.ts); cards show stars once there is one. */
  ratingCount?: number;
  ratingSum?: number;
}

/** A card shows at most two category chips, then "+N más". */
export const CARD_CATEGORY_CHIPS = 2;

/** The path of a tool page: its slug, or its id when it has none. */
export function toolPath(tool: { slug: string | null; id: string }): string {
  return `/${tool.slug || tool.id}`;
}
