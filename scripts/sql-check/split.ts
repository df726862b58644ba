/**
 * Splits a string of SQL into its statements at the semicolons that end them, skipping those inside quotes,
 * quoted identifiers, dollar-quoted bodies and comments: the extended protocol parses one statement at a time.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let index = 0;
  const skipTo = (end: string, from: number) => {
    const found = sql.indexOf(end, from);
    return found === -1 ? sql.length : found + end.length;
  };
  while (index < sql.length) {
    const char = sql[index]!;
    const next = sql[index + 1];
    if (char === "'" || char === '"') {
      // A doubled quote inside is an escaped quote: skipping to the next one and going on handles it.
      index = skipTo(char, index + 1);
    } else if (char === '-' && next === '-') {
      index = skipTo('\n', index);
    } else if (char === '/' && next === '*') {
      index = skipTo('*/', index + 2);
    } else if (char === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(index));
      index = tag ? skipTo(tag[0], index + tag[0].length) : index + 1;
    } else if (char === ';') {
      statements.push(sql.slice(start, index));
      index += 1;
      start = index;
    } else {
      index += 1;
    }
  }
  statements.push(sql.slice(start));
  return statements.map((statement) => statement.trim()).filter((statement) => !/^(--[^\n]*\n?|\s)*$/.test(statement));
}
