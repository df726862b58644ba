/** Text normalisation shared by slugs, icon lookup and search. */

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

/** Common Spanish (and English) endings, longest first: enough to see 'programa' and 'programación' as one family. */
const ENDINGS = (
  'aciones iciones mientos adores adoras ciones siones istas ables ibles acion icion miento idades mente idad ador adora dores doras ' +
  'antes entes ismos ismo ista ante ente able ible ados adas idos idas ando iendo ivos ivas icos icas cion sion tions tion ales ado ada ' +
  'ido ida ivo iva ico ica ing dor dora al es ed s a o e'
)
  .split(' ')
  .sort((a, b) => b.length - a.length);

/** A rough stem: the word without its longest known ending, never shorter than four letters. */
export function roughStem(word: string): string {
  for (const ending of ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= 4) return word.slice(0, -ending.length);
  }
  return word;
}
