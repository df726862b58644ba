/** Compares the properties of a hand-written row type with the columns PostgreSQL says a statement returns. */
export function rowMismatch(properties: { name: string; optional: boolean }[], columns: string[]): string | undefined {
  const returned = new Set(columns);
  const declared = new Set(properties.map((property) => property.name));
  const missing = properties.filter((property) => !property.optional && !returned.has(property.name)).map((property) => property.name);
  const extra = columns.filter((column) => !declared.has(column));
  if (missing.length === 0 && extra.length === 0) return undefined;
  const parts = [
    missing.length > 0 ? `el tipo de la fila declara ${missing.join(', ')}, que la consulta no devuelve` : '',
    extra.length > 0 ? `la consulta devuelve ${extra.join(', ')}, que el tipo de la fila no declara` : '',
  ];
  return parts.filter(Boolean).join('; ');
}
