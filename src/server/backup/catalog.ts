/** What a backup needs to know about the database: its tables in load order, their columns and keys, its sequences. */
import type pg from 'pg';

export interface TableInfo {
  name: string;
  /** Columns a row is written with (generated columns are computed by the server instead). */
  insertable: string[];
  primaryKey: string[];
}

/** Every table of schema public, parents before the tables whose foreign keys point at them. */
export async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows: tables } = await client.query<{ name: string; insertable: string[]; primary_key: string[] }>(`
    SELECT c.relname AS name,
           array(SELECT a.attname::text FROM pg_attribute a
                 WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
                 ORDER BY a.attnum) AS insertable,
           array(SELECT a.attname::text FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
                 WHERE i.indrelid = c.oid AND i.indisprimary
                 ORDER BY array_position(i.indkey::int2[], a.attnum)) AS primary_key
    FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
    ORDER BY c.relname`);
  const { rows: references } = await client.query<{ child: string; parent: string }>(`
    SELECT child.relname AS child, parent.relname AS parent
    FROM pg_constraint k
    JOIN pg_class child ON child.oid = k.conrelid
    JOIN pg_class parent ON parent.oid = k.confrelid
    WHERE k.contype = 'f' AND child.relnamespace = 'public'::regnamespace AND parent.relnamespace = 'public'::regnamespace`);

  const parents = new Map(tables.map((table) => [table.name, new Set<string>()]));
  for (const { child, parent } of references) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !placed.has(table.name) && [...parents.get(table.name)!].every((parent) => placed.has(parent)));
    // A cycle of foreign keys (none today) goes in name order; restoring with triggers off does not mind.
    const next = ready.length > 0 ? ready : tables.filter((table) => !placed.has(table.name)).slice(0, 1);
    for (const table of next) {
      placed.add(table.name);
      ordered.push(table.name);
    }
  }
  const byName = new Map(tables.map((table) => [table.name, table]));
  return ordered.map((name) => {
    const table = byName.get(name)!;
    return { name, insertable: table.insertable, primaryKey: table.primary_key };
  });
}

/** The sequences of schema public (bigserial columns, content_version_seq) with their current values. */
export async function readSequences(client: pg.ClientBase): Promise<{ name: string; lastValue: string; isCalled: boolean }[]> {
  const { rows: names } = await client.query<{ name: string }>("SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1");
  const sequences = [];
  for (const { name } of names) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM public.${quote(name)}`);
    sequences.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
  }
  return sequences;
}

/** A quoted SQL identifier. */
export function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
