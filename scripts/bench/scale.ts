/**
 * The large-catalogue rows: per size, the full build, the incremental rebuild after an approval, a category
 * page's bytes as sent, the search index and the time to its first result, with their targets.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ApprovalTimes } from './approval.ts';
import type { PageWeight } from './page-weight.ts';
import type { OnDemandTimes } from './on-demand.ts';
import type { MeasuredRun } from './process-tree.ts';
import { count, kilobytes, mebibytes, milliseconds, seconds, statusNote, table, verdict } from './report.ts';
import type { FirstResultTimes } from './search.ts';

const MINUTE = 60_000;

export const SCALE_TARGETS = {
  /** The bench's standing 10,000-tool target; 10 minutes are allowed at 50,000. */
  buildMs: (tools: number) => (tools <= 10_000 ? 5 * MINUTE : 10 * MINUTE),
  /** 4 GB, in the KiB that /proc reports. */
  peakTreeKib: (4 * 1000 * 1000 * 1000) / 1024,
  /** Approval -> its category page lists it (the home and the search index come from the same rebuild; visible everywhere within 10 s). */
  everywhereMs: 10_000,
  categoryHtmlBytes: 100 * 1024,
  firstResultMs: 100,
};

export interface ScaleRow {
  tools: number;
  run: MeasuredRun;
  /** The approval's times, or why they are missing. */
  approval: ApprovalTimes | string;
  /** The rebuild that put the approval on the category page: incremental or, when that failed, full. */
  rebuild?: { incremental: boolean; durationMs: number };
  category: PageWeight | string;
  index: { bytes: number; files: number };
  firstResult: FirstResultTimes | string;
  /** The last tools' pages, rendered on demand (past PRERENDERED_TOOLS). */
  onDemand: OnDemandTimes | string;
}

/** Bytes and files of the Pagefind index a visitor's browser may fetch: not the build's gzip and brotli copies. */
export async function searchIndexSize(clientDir: string): Promise<{ bytes: number; files: number }> {
  const dir = path.join(clientDir, 'pagefind');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  let bytes = 0;
  let files = 0;
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.gz') || entry.name.endsWith('.br')) continue;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
    files++;
  }
  return { bytes, files };
}

const approvalCell = (row: ScaleRow, pick: (times: ApprovalTimes) => number | null) =>
  typeof row.approval === 'string'
    ? row.approval
    : (() => {
        const value = pick(row.approval);
        return value === null ? 'sin terminar' : seconds(value);
      })();

export function scaleTable(rows: ScaleRow[]): string {
  return table(
    [
      'herramientas',
      'construcción completa',
      'RSS máx. (árbol)',
      'mayor proceso',
      'reconstrucción tras aprobar',
      'aprobación → portada y categoría; búsqueda',
      '/categoria/imagen (como se envía)',
      'índice de búsqueda',
      'primer resultado (primera; mediana)',
      'fichas bajo demanda (mediana; máx.)',
    ],
    rows.map((row) => [
      count(row.tools),
      seconds(row.run.durationMs),
      mebibytes(row.run.peakTreeRssKib),
      mebibytes(row.run.peakProcessKib),
      row.rebuild ? `${seconds(row.rebuild.durationMs)} (${row.rebuild.incremental ? 'incremental' : 'completa'})` : '—',
      `${approvalCell(row, (times) => times.rebuiltMs)}; ${approvalCell(row, (times) => times.searchableMs)}`,
      typeof row.category === 'string'
        ? row.category
        : row.category.status === 200
          ? `${kilobytes(row.category.htmlBytes)} (${row.category.htmlEncoding})`
          : statusNote(row.category.status),
      `${mebibytes(row.index.bytes / 1024)} en ${count(row.index.files)} ficheros`,
      typeof row.firstResult === 'string' ? row.firstResult : `${milliseconds(row.firstResult.firstMs)}; ${milliseconds(row.firstResult.medianMs)}`,
      typeof row.onDemand === 'string'
        ? row.onDemand
        : `${milliseconds(row.onDemand.medianMs)}; ${milliseconds(row.onDemand.maxMs)} (${count(row.onDemand.pages)} fichas)`,
    ]),
  );
}

/** The rows of the targets table for one large catalogue. */
export function scaleTargets(row: ScaleRow): string[][] {
  const tools = count(row.tools);
  const approval = typeof row.approval === 'string' ? undefined : row.approval;
  const category = typeof row.category === 'string' || row.category.status !== 200 ? undefined : row.category;
  const firstResult = typeof row.firstResult === 'string' ? undefined : row.firstResult.medianMs;
  const buildTarget = SCALE_TARGETS.buildMs(row.tools);
  return [
    [
      `construcción + índice, ${tools} herramientas`,
      `< ${buildTarget / MINUTE} min`,
      seconds(row.run.durationMs),
      verdict(row.run.durationMs < buildTarget),
      '',
    ],
    [
      `memoria máxima de la construcción (árbol), ${tools} herramientas`,
      '< 4 GB (3815 MiB)',
      mebibytes(row.run.peakTreeRssKib),
      verdict(row.run.peakTreeRssKib < SCALE_TARGETS.peakTreeKib),
      '',
    ],
    ...(
      [
        ['su categoría y la portada la listan (misma reconstrucción)', approval?.rebuiltMs],
        ['la búsqueda la encuentra', approval?.searchableMs],
      ] as const
    ).map(([what, ms]) => [
      `aprobación → ${what}, ${tools} herramientas`,
      '< 10 s',
      ms === undefined || ms === null ? '—' : seconds(ms),
      verdict(ms === undefined ? undefined : ms !== null && ms < SCALE_TARGETS.everywhereMs),
      '',
    ]),
    [
      `HTML de /categoria/imagen (como se envía), ${tools} herramientas`,
      '< 100 KB',
      category ? kilobytes(category.htmlBytes) : '—',
      verdict(category ? category.htmlBytes < SCALE_TARGETS.categoryHtmlBytes : undefined),
      '',
    ],
    [
      `/buscar: del teclado al primer resultado (mediana), ${tools} herramientas`,
      '< 100 ms',
      firstResult === undefined ? '—' : milliseconds(firstResult),
      verdict(firstResult === undefined ? undefined : firstResult < SCALE_TARGETS.firstResultMs),
      '',
    ],
  ];
}
