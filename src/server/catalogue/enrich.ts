/**
 * Enrichment and link checking of the listed tools, run by `npm run catalogue:enrich` and by the
 * server's background job (jobs.ts). For each tool due a check it reads its own homepage (site-check.ts),
 * records the evidence in link_checks, keeps what the page says about itself in posts.enrichment, and:
 * - stores its og:image, re-encoded, as the card image and its icon as the logo, only where nothing better
 *   exists: never over what an author or admin chose, nor over a curated logo (image_source / logo_source);
 * - flags it for review: 'failing' after three failed checks in a row, 'moved' when it now lives on another
 *   domain; a good check clears the flag.
 * A server without internet sees every site unreachable: unless the same run reached some site, such failures
 * are recorded but counted against no tool, nothing visible changes and the tools stay due for the next run.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import sharp from 'sharp';
import { inTransaction } from '../db/transaction.ts';
import { fetchImageSafely, SafeFetchError } from '../net/safe-fetch.ts';
import { keyOf, StoredFileExistsError, type StorageDriver } from '../storage/driver.ts';
import { deleteUnreferencedFiles } from '../storage/file-owners.ts';
import { InvalidImageError, reencodeImage } from '../storage/images.ts';
import { HostGate } from './host-gate.ts';
import { rankIcons, isSvgIcon, type PageMeta } from '../net/page-meta.ts';
import { describeFailure, SITE_CHECK_DEFAULTS, SiteChecker, type SiteCheck, type SiteCheckConfig } from './site-check.ts';

/** Three failed checks in a row flag a tool for an admin to review. */
export const FAILURES_TO_FLAG = 3;

/**
 * Sites checked side by side. Each one still gets one request at a time with a second between two, so a check
 * (robots.txt, page, image, icon) takes about three seconds of pauses: ten at a time is some 330 s per 1,000 tools.
 */
const DEFAULT_CONCURRENCY = 10;

export interface EnrichOptions extends Partial<Omit<SiteCheckConfig, 'userAgent' | 'allowHosts'>> {
  pool: pg.Pool;
  storage: StorageDriver;
  userAgent: string;
  allowHosts?: readonly string[];
  /** Tools checked side by side (each waits its turn on its own host); 10 by default. */
  concurrency?: number;
  /** Pause between two requests to the same host. */
  hostDelayMs?: number;
  imageTimeoutMs?: number;
  maxImageBytes?: number;
  /** How long a good check lasts before the tool is due again; a failing tool is checked again after a day. */
  recheckAfterDays?: number;
  /** At most this many tools in one run. */
  limit?: number;
  /** Only these tools, due or not. */
  slugs?: readonly string[];
  /** Every tool, due or not. */
  all?: boolean;
  /** Stop early when this many sites in a row were unreachable and none answered: the server is offline. */
  offlineAfter?: number;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export interface EnrichReport {
  checked: number;
  ok: number;
  moved: number;
  failed: number;
  /** Tools that reached 'failing' in this run. */
  flagged: number;
  inconclusive: number;
  /** Unreachable while the server itself seemed offline: recorded, not counted. */
  offline: number;
  images: number;
  logos: number;
  durationMs: number;
  /** True when no site answered and the run stopped counting (or stopped early). */
  seemedOffline: boolean;
}

interface ToolRow {
  id: string;
  slug: string;
  url: string | null;
  image_url: string | null;
  image_source: string;
  logo_url: string | null;
  logo_source: string;
  check_failures: number;
  enrichment: EnrichmentRecord | null;
}

/** What posts.enrichment keeps: what the page said and which of our stored files came from it. */
export interface EnrichmentRecord {
  title: string | null;
  description: string | null;
  ogImage: string | null;
  icon: string | null;
  finalUrl: string;
  checkedAt: string;
  imageHash?: string;
  logoHash?: string;
  notes?: string[];
}

interface Outcome {
  tool: ToolRow;
  check: SiteCheck;
  enrichment?: EnrichmentRecord;
  image?: { key: string; hash: string };
  logo?: { key: string; hash: string };
}

const MIN_IMAGE = { width: 200, height: 100 };
const MAX_IMAGE_WIDTH = 1200;
const MIN_ICON = 48;
const LOGO_TILE = 256;
const LOGO_MARK = 192;

/** Machines may only replace what a machine (or nobody) put there. */
const replaceable = (source: string) => source === 'none' || source === 'enrichment';

async function selectTools(pool: pg.Pool, options: EnrichOptions): Promise<ToolRow[]> {
  const { rows } = await pool.query<ToolRow>(
    `SELECT id, slug, url, image_url, image_source, logo_url, logo_source, check_failures, enrichment
     FROM posts
     WHERE status = 'published' AND discontinued_at IS NULL AND url IS NOT NULL
       AND ($1::text[] IS NULL OR slug = ANY($1::text[]))
       AND ($2 OR $1::text[] IS NOT NULL OR last_checked_at IS NULL
            OR last_checked_at < now() - CASE WHEN check_failures > 0 THEN interval '1 day' ELSE make_interval(days => $3) END)
     ORDER BY last_checked_at ASC NULLS FIRST, editorial_rank ASC NULLS LAST, slug
     LIMIT $4`,
    [options.slugs ? [...options.slugs] : null, options.all ?? false, options.recheckAfterDays ?? 7, options.limit ?? 500],
  );
  return rows;
}

function digest(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

async function put(storage: StorageDriver, key: string, bytes: Uint8Array, type: string): Promise<void> {
  try {
    await storage.put(key, bytes, type);
  } catch (error) {
    // The same content under the same name: stored by an earlier run.
    if (!(error instanceof StoredFileExistsError)) throw error;
  }
}

export class Enricher {
  private readonly options: EnrichOptions;
  private readonly checker: SiteChecker;
  private readonly gate: HostGate;
  /** Card images taken in this run, so two tools checked side by side cannot both take the same one. */
  private readonly claimedImages = new Map<string, string>();

  constructor(options: EnrichOptions) {
    this.options = options;
    this.gate = new HostGate({ delayMs: options.hostDelayMs ?? 1_000 });
    this.checker = new SiteChecker(
      {
        ...SITE_CHECK_DEFAULTS,
        ...options,
        allowHosts: options.allowHosts ?? [],
      },
      this.gate,
    );
  }

  private async fetchImage(url: string) {
    const target = new URL(url);
    return this.gate.run(target.host, () =>
      fetchImageSafely(url, {
        userAgent: this.options.userAgent,
        allowHosts: this.options.allowHosts ?? [],
        resolve: this.options.resolve,
        timeoutMs: this.options.imageTimeoutMs ?? 10_000,
        maxBytes: this.options.maxImageBytes ?? 5 * 1024 * 1024,
      }),
    );
  }

  /** The og:image as the card image: re-encoded, at most 1200 px wide, only if big enough and not another tool's. */
  private async cardImage(tool: ToolRow, meta: PageMeta, notes: string[]): Promise<Outcome['image']> {
    if (!meta.ogImage || !replaceable(tool.image_source)) return undefined;
    try {
      const fetched = await this.fetchImage(meta.ogImage);
      const encoded = await reencodeImage(fetched.bytes, 85);
      if (encoded.width < MIN_IMAGE.width || encoded.height < MIN_IMAGE.height) {
        notes.push(`og:image de ${encoded.width}×${encoded.height}: demasiado pequeña.`);
        return undefined;
      }
      const resized =
        encoded.width > MAX_IMAGE_WIDTH
          ? new Uint8Array(await sharp(encoded.bytes).resize({ width: MAX_IMAGE_WIDTH }).jpeg({ quality: 85 }).toBuffer())
          : encoded.bytes;
      const hash = digest(fetched.bytes);
      if (hash === tool.enrichment?.imageHash && tool.image_source === 'enrichment') return undefined;
      // A company's generic image shared by several of its products would make neighbouring cards identical.
      const claimedBy = this.claimedImages.get(hash);
      if (!claimedBy) this.claimedImages.set(hash, tool.id);
      const shared =
        (claimedBy !== undefined && claimedBy !== tool.id) ||
        (await this.options.pool.query('SELECT 1 FROM posts WHERE id <> $1 AND enrichment->>$2 = $3 LIMIT 1', [tool.id, 'imageHash', hash])).rowCount;
      if (shared) {
        notes.push('og:image compartida con otra herramienta: no se usa.');
        return undefined;
      }
      const key = `enrichment/${tool.slug}-${hash}.jpg`;
      await put(this.options.storage, key, resized, 'image/jpeg');
      return { key, hash };
    } catch (error) {
      notes.push(`og:image: ${this.explain(error)}`);
      return undefined;
    }
  }

  /** The best raster icon as the logo, on a white 256 px tile; SVG and .ico are never used. */
  private async logo(tool: ToolRow, meta: PageMeta, notes: string[]): Promise<Outcome['logo']> {
    if (!replaceable(tool.logo_source)) return undefined;
    const [icon] = rankIcons(meta.icons);
    if (!icon) {
      if (meta.icons.some(isSvgIcon)) notes.push('Su único icono es SVG: no se usa (solo se aceptan imágenes rasterizadas).');
      return undefined;
    }
    try {
      const fetched = await this.fetchImage(icon.url);
      const encoded = await reencodeImage(fetched.bytes, 92);
      if (Math.min(encoded.width, encoded.height) < MIN_ICON) {
        notes.push(`Icono de ${encoded.width}×${encoded.height}: demasiado pequeño para un logo.`);
        return undefined;
      }
      const hash = digest(fetched.bytes);
      if (hash === tool.enrichment?.logoHash && tool.logo_source === 'enrichment') return undefined;
      const mark = await sharp(encoded.bytes).resize(LOGO_MARK, LOGO_MARK, { fit: 'contain', background: '#ffffff', withoutEnlargement: true }).toBuffer();
      const tile = await sharp({ create: { width: LOGO_TILE, height: LOGO_TILE, channels: 3, background: '#ffffff' } })
        .composite([{ input: mark, gravity: 'centre' }])
        .png()
        .toBuffer();
      const key = `enrichment/${tool.slug}-logo-${hash}.png`;
      await put(this.options.storage, key, new Uint8Array(tile), 'image/png');
      return { key, hash };
    } catch (error) {
      notes.push(`Icono: ${this.explain(error)}`);
      return undefined;
    }
  }

  private explain(error: unknown): string {
    if (error instanceof SafeFetchError) return describeFailure(error);
    if (error instanceof InvalidImageError) return error.message;
    throw error;
  }

  /** Checks one tool and prepares what a good answer brings; writes nothing yet. */
  async inspect(tool: ToolRow): Promise<Outcome> {
    const check = await this.checker.check(tool.url);
    if (check.kind !== 'ok') return { tool, check };
    const notes: string[] = [];
    if (check.truncated) notes.push('Página muy grande: solo se leyó su principio.');
    const meta = check.meta;
    const image = meta && !check.moved ? await this.cardImage(tool, meta, notes) : undefined;
    const logo = meta && !check.moved ? await this.logo(tool, meta, notes) : undefined;
    if (check.moved) notes.push('La web lleva a otro dominio: no se toman su imagen ni su icono hasta que se revise.');
    const enrichment: EnrichmentRecord = {
      title: meta?.title ?? null,
      description: meta?.description ?? null,
      ogImage: meta?.ogImage ?? null,
      icon: meta ? (rankIcons(meta.icons)[0]?.url ?? meta.icons[0]?.url ?? null) : null,
      finalUrl: check.finalUrl,
      checkedAt: new Date().toISOString(),
      imageHash: image?.hash ?? tool.enrichment?.imageHash,
      logoHash: logo?.hash ?? tool.enrichment?.logoHash,
      ...(notes.length > 0 ? { notes } : {}),
    };
    return { tool, check, enrichment, image, logo };
  }

  /** Writes one outcome: the evidence row, and the tool's state. Returns whether it was counted against the tool. */
  async record(outcome: Outcome, online: boolean): Promise<{ counted: boolean; flagged: boolean }> {
    const { tool, check } = outcome;
    const status = 'status' in check ? check.status : null;
    const finalUrl = 'finalUrl' in check ? check.finalUrl : null;
    const offline = check.kind === 'unreachable' && !online;
    const error =
      check.kind === 'ok'
        ? check.moved
          ? 'Redirige a otro dominio.'
          : null
        : offline
          ? `${check.error} Sin conexión desde el servidor: no cuenta como fallo de la herramienta.`
          : check.error;
    return inTransaction(async (client) => {
      await client.query('INSERT INTO link_checks (post_id, http_status, final_url, error, duration_ms) VALUES ($1, $2, $3, $4, $5)', [
        tool.id,
        status,
        finalUrl,
        error,
        check.durationMs,
      ]);
      let flagged = false;
      if (check.kind === 'ok') {
        await client.query(
          `UPDATE posts SET link_status = $2, check_failures = 0, http_status = $3, final_url = $4, last_checked_at = now(), enrichment = $5,
             image_url = CASE WHEN $6::text IS NOT NULL AND image_source IN ('none', 'enrichment') THEN $6 ELSE image_url END,
             image_source = CASE WHEN $6::text IS NOT NULL AND image_source IN ('none', 'enrichment') THEN 'enrichment' ELSE image_source END,
             logo_url = CASE WHEN $7::text IS NOT NULL AND logo_source IN ('none', 'enrichment') THEN $7 ELSE logo_url END,
             logo_source = CASE WHEN $7::text IS NOT NULL AND logo_source IN ('none', 'enrichment') THEN 'enrichment' ELSE logo_source END
           WHERE id = $1`,
          [tool.id, check.moved ? 'moved' : 'ok', status, finalUrl, JSON.stringify(outcome.enrichment), outcome.image?.key ?? null, outcome.logo?.key ?? null],
        );
      } else if (check.kind === 'failed' || (check.kind === 'unreachable' && online)) {
        const { rows } = await client.query<{ flagged: boolean }>(
          `UPDATE posts SET check_failures = LEAST(check_failures + 1, 1000), http_status = $2, final_url = $3, last_checked_at = now(),
             link_status = CASE WHEN check_failures + 1 >= $4 THEN 'failing'::link_status ELSE link_status END
           WHERE id = $1
           RETURNING check_failures = $4 AS flagged`,
          [tool.id, status, finalUrl, FAILURES_TO_FLAG],
        );
        flagged = rows[0]?.flagged ?? false;
      } else if (check.kind === 'inconclusive') {
        await client.query('UPDATE posts SET last_checked_at = now() WHERE id = $1', [tool.id]);
      }
      // Offline: nothing changes, and the tool stays due for the next run.
      return { counted: check.kind === 'failed' || (check.kind === 'unreachable' && online), flagged };
    }, this.options.pool);
  }

  /** Removes the enrichment files a tool no longer uses (only our own enrichment/ keys, and only unreferenced ones). */
  async cleanReplaced(outcome: Outcome): Promise<void> {
    const replaced = [
      outcome.image && outcome.tool.image_source === 'enrichment' ? outcome.tool.image_url : null,
      outcome.logo && outcome.tool.logo_source === 'enrichment' ? outcome.tool.logo_url : null,
    ].filter((reference) => reference && keyOf(reference)?.startsWith('enrichment/'));
    // An admin may have given another tool the same file: the rule of file-owners.ts keeps it then.
    await deleteUnreferencedFiles(replaced, { storage: this.options.storage, db: this.options.pool, what: 'imagen de enriquecimiento sustituida' });
  }
}

/** One run over the tools due a check (or the ones asked for). */
export async function runEnrichment(options: EnrichOptions): Promise<EnrichReport> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const enricher = new Enricher(options);
  const tools = await selectTools(options.pool, options);
  const report: EnrichReport = {
    checked: 0,
    ok: 0,
    moved: 0,
    failed: 0,
    flagged: 0,
    inconclusive: 0,
    offline: 0,
    images: 0,
    logos: 0,
    durationMs: 0,
    seemedOffline: false,
  };
  const offlineAfter = options.offlineAfter ?? 20;
  let online = false;
  let unreachableInARow = 0;
  let stop = false;
  // Outcomes whose sites were unreachable wait until the run knows whether we are online.
  const waiting: Outcome[] = [];

  const save = async (outcome: Outcome) => {
    const { counted, flagged } = await enricher.record(outcome, online);
    report.checked++;
    if (outcome.check.kind === 'ok') {
      report.ok++;
      if (outcome.check.moved) report.moved++;
      if (outcome.image) report.images++;
      if (outcome.logo) report.logos++;
      await enricher.cleanReplaced(outcome);
    } else if (outcome.check.kind === 'inconclusive') report.inconclusive++;
    else if (counted) report.failed++;
    else report.offline++;
    if (flagged) report.flagged++;
  };

  const queue = [...tools];
  const worker = async () => {
    while (!stop && !options.signal?.aborted) {
      const tool = queue.shift();
      if (!tool) return;
      const outcome = await enricher.inspect(tool);
      if (outcome.check.kind === 'unreachable') {
        unreachableInARow++;
        if (!online) {
          waiting.push(outcome);
          if (unreachableInARow >= offlineAfter) stop = true;
          continue;
        }
      } else {
        unreachableInARow = 0;
        if (outcome.check.kind !== 'failed' || outcome.check.status !== null) online = true;
      }
      await save(outcome);
      // Once any site answers, the unreachable ones seen so far were really down.
      if (online) for (let held = waiting.shift(); held; held = waiting.shift()) await save(held);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY) }, worker));
  for (const held of waiting.splice(0)) await save(held);
  report.seemedOffline = !online && report.offline > 0;
  report.durationMs = Date.now() - started;
  if (report.seemedOffline) log(`Comprobación de enlaces: sin conexión a internet; ${report.offline} comprobaciones anotadas sin contar como fallos.`);
  return report;
}
