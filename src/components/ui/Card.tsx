import type { HTMLAttributes } from 'react';
import { cardClass, cx, type CardStyle } from './styles.ts';

/** A white panel; `as` picks the element so a card can be a section or an article with its own heading. */
export function Card({ as: Tag = 'div', padding, tone, className, ...rest }: HTMLAttributes<HTMLElement> & CardStyle & { as?: 'div' | 'section' | 'article' }) {
  return <Tag className={cx(cardClass({ padding, tone }), className)} {...rest} />;
}
