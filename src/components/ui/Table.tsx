import type { ReactNode, ThHTMLAttributes } from 'react';
import { cx, table } from './styles.ts';

/** A table in a scrolling card; the caption names it for screen readers even when it is not shown. */
export function Table({
  caption,
  captionHidden = true,
  head,
  children,
  className,
}: {
  caption: string;
  captionHidden?: boolean;
  head: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={table.wrapper}>
      <table className={cx(table.table, className)}>
        <caption className={captionHidden ? 'sr-only' : 'px-3 py-2 text-left font-semibold text-slate-900'}>{caption}</caption>
        <thead className={table.head}>
          <tr>{head}</tr>
        </thead>
        <tbody className={table.body}>{children}</tbody>
      </table>
    </div>
  );
}

/** A header cell: a column's header unless `scope` says it heads a row. */
export function Th({ scope = 'col', className, ...cell }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope={scope} className={cx(table.headerCell, className)} {...cell} />;
}
