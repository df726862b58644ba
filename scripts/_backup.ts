/** Spanish wording for the backup and restore summaries. */
import path from 'node:path';

const number = new Intl.NumberFormat('es-ES');

export function describeCount(count: number, noun: string, plural = `${noun}s`): string {
  return `${number.format(count)} ${count === 1 ? noun : plural}`;
}

export function describeSeconds(ms: number): string {
  return `Tiempo: ${new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(ms / 1000)} s`;
}

/** A path as the user would type it: relative to the project when it is inside it. */
export function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}
