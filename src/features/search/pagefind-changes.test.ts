import { describe, expect, it } from 'vitest';
import { namesWithChanges, type SearchChanges } from '../../lib/search/search-changes.ts';
import type { Pagefind, PagefindFilters, PagefindResponse, PagefindResult } from './pagefind.ts';
import { withChanges } from './pagefind-changes.ts';

interface FakeRecord {
  id: string;
  words: string[];
  filters: Record<string, string[]>;
  sort: Record<string, number>;
  score?: number;
}

const matches = (record: FakeRecord, filters: PagefindFilters | undefined): boolean =>
  Object.entries(filters ?? {}).every(([name, value]) => {
    const wanted = Array.isArray(value) ? (value as string[]) : [value as string];
    return wanted.every((entry) => record.filters[name]?.includes(entry));
  });

function counts(records: readonly FakeRecord[]): Record<string, Record<string, number>> {
  const result: Record<string, Record<string, number>> = {};
  for (const record of records)
    for (const [name, values] of Object.entries(record.filters)) for (const value of values) (result[name] ??= {})[value] = (result[name]![value] ?? 0) + 1;
  return result;
}

/** A Pagefind over plain records: words match exactly, filters as lists of values that must all hold, one sort key. */
function fakePagefind(records: readonly FakeRecord[]): Pagefind {
  const hit = (record: FakeRecord): PagefindResult => ({
    id: record.id,
    score: record.score ?? 1,
    words: [],
    data: async () => ({ url: `/${record.id}`, meta: {}, content: record.words.join(' ') }),
  });
  return {
    async search(query, options = {}): Promise<PagefindResponse> {
      const worded = records.filter((record) => query === null || record.words.includes(query));
      const found = worded.filter((record) => matches(record, options.filters));
      const [key] = Object.keys(options.sort ?? {});
      const ordered = key
        ? found.filter((record) => record.sort[key] !== undefined).sort((a, b) => a.sort[key]! - b.sort[key]!)
        : [...found].sort((a, b) => (b.score ?? 1) - (a.score ?? 1));
      return { results: ordered.map(hit), filters: counts(found), totalFilters: counts(worded) };
    },
    filters: async () => counts(records),
  };
}

const ids = (response: PagefindResponse) => response.results.map((result) => result.id);

// The full index: a, b, c, d ranked in that order for the task; c was edited since (its new record is in the
// small index, ranked after a), d withdrawn; e is new, ranked first.
const full = fakePagefind([
  { id: 'a', words: ['foto'], filters: { categoria: ['imagen'], tarea: ['retocar'] }, sort: { 't-retocar': 1 }, score: 5 },
  { id: 'b', words: ['foto'], filters: { categoria: ['video'], tarea: ['retocar'] }, sort: { 't-retocar': 2 }, score: 3 },
  { id: 'c', words: ['foto'], filters: { categoria: ['imagen'], tarea: ['retocar'] }, sort: { 't-retocar': 3 }, score: 2 },
  { id: 'd', words: ['foto'], filters: { categoria: ['imagen'], tarea: ['retocar'] }, sort: { 't-retocar': 4 }, score: 1 },
]);
const changedIndex = fakePagefind([
  { id: 'x', words: ['foto'], filters: { categoria: ['imagen'], tarea: ['retocar'] }, sort: { 't-retocar': 1 }, score: 4 },
  { id: 'y', words: ['video'], filters: { categoria: ['video'], tarea: ['retocar'] }, sort: { 't-retocar': 3 }, score: 1 },
]);
const changes: SearchChanges = {
  hidden: { c: { categoria: ['imagen'], tarea: ['retocar'] }, d: { categoria: ['imagen'], tarea: ['retocar'] } },
  // x (the new e) comes before every remaining record; y (the edited c) after a, before b.
  after: { x: { 't-retocar': 0 }, y: { 't-retocar': 1 } },
  names: { removed: ['c', 'd'], added: [] },
};
const search = withChanges(full, changedIndex, changes);

describe('the full index read with the changes since it', () => {
  it('leaves out the outdated records and places the changed ones in a sorted list where they belong', async () => {
    const ranked = await search.search(null, { filters: { tarea: 'retocar' }, sort: { 't-retocar': 'asc' } });
    expect(ids(ranked)).toEqual(['cambios:x', 'a', 'cambios:y', 'b']);
  });

  it('keeps those places inside a filtered list, whose neighbours are not all in it', async () => {
    const ranked = await search.search(null, { filters: { categoria: 'video' }, sort: { 't-retocar': 'asc' } });
    expect(ids(ranked)).toEqual(['cambios:y', 'b']);
  });

  it('merges a text search by score and counts every current tool once', async () => {
    const found = await search.search('foto', { filters: { categoria: ['imagen'] } });
    expect(ids(found)).toEqual(['a', 'cambios:x']);
    expect(found.filters).toEqual({ categoria: { imagen: 2 }, tarea: { retocar: 2 } });
    // Without the filter: a, b and x match «foto»; the hidden c and d no longer count.
    expect(found.totalFilters).toEqual({ categoria: { imagen: 2, video: 1 }, tarea: { retocar: 3 } });
  });

  it('counts every filter value over the current tools', async () => {
    expect(await search.filters()).toEqual({ categoria: { imagen: 2, video: 2 }, tarea: { retocar: 4 } });
  });

  it('hides a withdrawn tool without a small index', async () => {
    const withdrawn = withChanges(full, undefined, { ...changes, after: {} });
    expect(ids(await withdrawn.search('foto'))).toEqual(['a', 'b']);
  });
});

describe('namesWithChanges', () => {
  it('drops withdrawn and renamed entries and puts each changed one at its place in the current list', () => {
    const names = [
      ['Alfa', 'alfa'],
      ['Beta', 'beta'],
      ['Gamma', 'gamma'],
    ] as const;
    const next = namesWithChanges(names, {
      hidden: {},
      after: {},
      names: {
        removed: ['beta', 'gamma'],
        added: [
          ['Gamma Nueva', 'gamma-nueva', 2, 'g2'],
          ['Delta', 'delta', 0, 'd1'],
        ],
      },
    });
    expect(next).toEqual([
      ['Delta', 'delta', 'cambios:d1'],
      ['Alfa', 'alfa'],
      ['Gamma Nueva', 'gamma-nueva', 'cambios:g2'],
    ]);
  });
});
