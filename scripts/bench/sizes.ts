/**
 * The catalogue sizes the bench grows synthetically and measures at scale: 10,000 and 50,000 tools, or
 * the ones BENCH_SIZES names, so that one size can be measured alone (BENCH_SIZES=50000 takes about half an hour).
 */

export const DEFAULT_LARGE_SIZES: readonly number[] = [10_000, 50_000];

/** Below this a synthetic catalogue would be smaller than the seeded one it grows from. */
const SMALLEST = 2_000;
/** The synthetic slugs and figures are written for this many; more would not fit the machine anyway. */
const LARGEST = 1_000_000;

/**
 * BENCH_SIZES as catalogue sizes, smallest first: numbers separated by commas or spaces, written plainly or with
 * Spanish or underscore thousands separators, or with «k» for thousands (`50000`, `50.000`, `50_000`, `50k`).
 */
export function parseBenchSizes(value: string): number[] {
  const parts = value.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) throw new Error('BENCH_SIZES está vacía: escribe uno o varios tamaños, por ejemplo BENCH_SIZES=50000.');
  const sizes = parts.map((part) => {
    const match = /^(\d{1,3}(?:[._]\d{3})+|\d+)(k)?$/i.exec(part);
    const size = match ? Number(match[1]!.replace(/[._]/g, '')) * (match[2] ? 1_000 : 1) : Number.NaN;
    if (!Number.isSafeInteger(size) || size < SMALLEST || size > LARGEST) {
      throw new Error(`BENCH_SIZES: «${part}» no es un tamaño de catálogo entre ${SMALLEST} y ${LARGEST} herramientas.`);
    }
    return size;
  });
  return [...new Set(sizes)].sort((a, b) => a - b);
}
