import type { HTMLAttributes } from 'react';
import { badgeClass, cx, type BadgeTone } from './styles.ts';

/** A small rounded label in one of the site's tones. */
export function Badge({ tone, className, ...span }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={cx(badgeClass({ tone }), className)} {...span} />;
}
