/**
 * The backup archive (a .tar.gz), in the order its entries are written:
 *   manifest.json                   this description: migrations applied, tables in load order with row counts, sequences
 *   database/<table>/<NNNNNN>.jsonl the table's rows, one JSON object per line (PostgreSQL's row_to_json), pages in key order
 *   uploads/<path>                  the files of DATA_DIR/uploads
 */
export const MANIFEST_ENTRY = 'manifest.json';
export const FORMAT = 'brujula-ia-backup';
export const FORMAT_VERSION = 1;

export interface Manifest {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  createdAt: string;
  /** `SELECT version()` of the server the copy came from. */
  server: string;
  migrations: { version: string; name: string }[];
  tables: { name: string; rows: number }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

export function tableEntry(table: string, page: number): string {
  return `database/${table}/${String(page).padStart(6, '0')}.jsonl`;
}

const TABLE_ENTRY = /^database\/([^/]+)\/\d{6}\.jsonl$/;
// The storage keys' own alphabet: no '..', no absolute paths, no backslashes.
const UPLOAD_ENTRY = /^uploads\/((?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*)$/;

/** What an archive entry holds: a page of a table's rows, an uploaded file, or something we do not write. */
export function classifyEntry(name: string): { kind: 'rows'; table: string } | { kind: 'upload'; path: string } | { kind: 'unknown' } {
  const rows = TABLE_ENTRY.exec(name);
  if (rows) return { kind: 'rows', table: rows[1]! };
  const upload = UPLOAD_ENTRY.exec(name);
  if (upload && !upload[1]!.split('/').includes('..')) return { kind: 'upload', path: upload[1]! };
  return { kind: 'unknown' };
}
