/** Text normalisation shared by slugs, icon lookup and search (SPEC §5). */

/** Lower-cases and removes diacritics: "Diseño Gráfico" -> "diseno grafico"; ñ becomes n, ç becomes c. */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Case- and accent-insensitive form with whitespace collapsed, for substring matching. */
export function normalizeForSearch(text: string): string {
  return foldAccents(text).replace(/\s+/g, ' ').trim();
}
