/** Plain-text tables for the terminal, with Spanish number formatting. */

export type Cell = string;

export function table(headers: Cell[], rows: Cell[][]): string {
  const widths = headers.map((header, column) => Math.max([...header].length, ...rows.map((row) => [...(row[column] ?? '')].length)));
  const line = (cells: Cell[]) =>
    cells
      .map((cell, column) => {
        const padding = ' '.repeat(widths[column]! - [...cell].length);
        // Figures align right, words left.
        return column > 0 && /^(?:[\d.,]+(?:\s?(?:s|ms|KB|MiB|×))?|—)$/.test(cell) ? padding + cell : cell + padding;
      })
      .join(' │ ');
  const rule = widths.map((width) => '─'.repeat(width)).join('─┼─');
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

const number = (value: number, digits: number) =>
  value.toLocaleString('es-ES', { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: true });

export const seconds = (ms: number) => `${number(ms / 1000, 1)} s`;
export const mebibytes = (kib: number) => `${number(kib / 1024, 0)} MiB`;
export const kilobytes = (bytes: number) => `${number(bytes / 1024, 1)} KB`;
export const milliseconds = (ms: number) => `${number(ms, ms < 10 ? 2 : 1)} ms`;
export const perSecond = (value: number) => number(value, 0);
export const count = (value: number) => number(value, 0);
export const ratio = (value: number) => `${number(value, 2)}×`;

/** ✓ or ✗ for a measured figure, · when it could not be measured. */
export function verdict(met: boolean | undefined): string {
  if (met === undefined) return '· sin medir';
  return met ? '✓' : '✗';
}

export function statusNote(status: number): string {
  return status === 404 ? '404: página no construida' : `HTTP ${status}`;
}
