/**
 * Curated logos: brand marks from icon packages on the npm registry, matched to seeded tools by the
 * reviewed list in supabase/seed/logos.json (never by a fuzzy guess), rasterised with sharp to a 256 px PNG on
 * white and stored through the storage driver. The packages are trusted, installed files, unlike an icon a
 * tool's site serves, which enrichment never rasterises (an SVG from outside is refused: it can carry scripts and remote references).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type pg from 'pg';
import sharp from 'sharp';
import { StoredFileExistsError, type StorageDriver } from '../storage/driver.ts';
import { seedDir } from './seed-dir.ts';

/** The packages the mapping may name (their licences are in supabase/seed/SOURCES.md). */
export const LOGO_SETS = {
  lobehub: '@lobehub/icons-static-svg',
  'simple-icons': 'simple-icons',
  'iconify-logos': '@iconify-json/logos',
  'iconify-cib': '@iconify-json/cib',
  'iconify-arcticons': '@iconify-json/arcticons',
} as const;
export type LogoSet = keyof typeof LOGO_SETS;

export interface LogoRef {
  set: LogoSet;
  icon: string;
  /** For single-colour icons: the brand colour to paint them in (simple-icons carries its own). */
  color?: string;
}

export const LOGO_SIZE = 256;
/** The mark fills at most this much of the tile, leaving a margin like an app icon's. */
const MARK_SIZE = 184;
/** Single-colour marks without a brand colour of their own are drawn in the site's darkest slate. */
const DEFAULT_MARK_COLOUR = '#0f172a';
/**
 * Arcticons draw 1-unit lines on a 48-unit grid: hairlines once the tile shrinks to a card's corner. Their own
 * launcher app lets users pick a heavier line; this one keeps them as legible as the filled brand marks.
 */
const ARCTICONS_LINE_WIDTH = 2;

const ENTRY = /^(lobehub|simple-icons|iconify-logos|iconify-cib|iconify-arcticons):([a-z0-9][a-z0-9-]*)(?:#([0-9a-f]{6}))?$/i;

/** "set:icon" or "set:icon#rrggbb", as logos.json writes them. */
export function parseLogoRef(value: string): LogoRef {
  const match = ENTRY.exec(value);
  if (!match) throw new Error(`Entrada de logos.json no válida: ${value}`);
  return { set: match[1] as LogoSet, icon: match[2]!, ...(match[3] ? { color: `#${match[3]}` } : {}) };
}

/** The reviewed mapping: tool slug → its logo. */
export async function readLogoMapping(): Promise<Map<string, LogoRef>> {
  const raw = JSON.parse(await readFile(path.join(seedDir, 'logos.json'), 'utf8')) as Record<string, string>;
  return new Map(Object.entries(raw).map(([slug, value]) => [slug, parseLogoRef(value)]));
}

const require = createRequire(import.meta.url);

/** The folder of an installed package, or null when it is not installed (npm ci --omit=dev). */
function packageDir(name: string): string | null {
  for (const entry of [`${name}/package.json`, name]) {
    try {
      // Some packages export neither package.json nor a main file: climb from whatever resolves to the package root.
      const resolved = require.resolve(entry);
      const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
      const at = resolved.lastIndexOf(marker);
      if (at >= 0) return resolved.slice(0, at + marker.length - 1);
    } catch {
      // Not resolvable this way; try the next.
    }
  }
  return null;
}

/** Whether every package the mapping uses is installed. */
export function logoPackagesInstalled(): boolean {
  return Object.values(LOGO_SETS).every((name) => packageDir(name) !== null);
}

interface IconifySet {
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number }>;
}

const iconifySets = new Map<string, Promise<IconifySet>>();
let simpleIconColours: Promise<Map<string, string>> | undefined;

function readIconifySet(name: string, dir: string): Promise<IconifySet> {
  let set = iconifySets.get(name);
  if (!set) {
    set = readFile(path.join(dir, 'icons.json'), 'utf8').then((text) => JSON.parse(text) as IconifySet);
    iconifySets.set(name, set);
  }
  return set;
}

/** The SVG source of one mapped logo, painted: single-colour marks get their brand colour or a dark slate. */
export async function logoSvg(ref: LogoRef): Promise<string> {
  const name = LOGO_SETS[ref.set];
  const dir = packageDir(name);
  if (!dir) throw new Error(`El paquete ${name} no está instalado.`);
  if (ref.set === 'lobehub') {
    const svg = await readFile(path.join(dir, 'icons', `${ref.icon}.svg`), 'utf8');
    return paint(svg, ref.color ?? DEFAULT_MARK_COLOUR);
  }
  if (ref.set === 'simple-icons') {
    simpleIconColours ??= readFile(path.join(dir, 'data', 'simple-icons.json'), 'utf8').then(
      (text) => new Map((JSON.parse(text) as { slug: string; hex: string }[]).map((icon) => [icon.slug, `#${icon.hex}`])),
    );
    const [svg, colours] = await Promise.all([readFile(path.join(dir, 'icons', `${ref.icon}.svg`), 'utf8'), simpleIconColours]);
    // simple-icons paths carry no fill: the brand colour goes on the root element.
    return svg.replace('<svg ', `<svg fill="${legibleColour(ref.color ?? colours.get(ref.icon) ?? DEFAULT_MARK_COLOUR)}" `);
  }
  const set = await readIconifySet(name, dir);
  const icon = set.icons[ref.icon];
  if (!icon) throw new Error(`${name} no tiene el icono ${ref.icon}.`);
  const width = icon.width ?? set.width ?? 16;
  const height = icon.height ?? set.height ?? 16;
  const body = ref.set === 'iconify-arcticons' ? `<g stroke-width="${ARCTICONS_LINE_WIDTH}">${icon.body}</g>` : icon.body;
  return paint(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">${body}</svg>`, ref.color ?? DEFAULT_MARK_COLOUR);
}

function paint(svg: string, colour: string): string {
  return svg.replaceAll('currentColor', colour);
}

/** A brand colour too pale for a white tile (a light green, a yellow) is darkened until it reads. */
export function legibleColour(hex: string): string {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  const luminance = (0.2126 * channels[0]! + 0.7152 * channels[1]! + 0.0722 * channels[2]!) / 255;
  if (luminance <= 0.72) return hex;
  const factor = 0.72 / luminance;
  return `#${channels
    .map((channel) =>
      Math.round(channel * factor)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Gives the root element an explicit size from its viewBox, so librsvg draws it large instead of at 1em. */
function sized(svg: string, target: number): string {
  return svg.replace(/<svg\b[^>]*>/, (tag) => {
    const viewBox = /viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(tag);
    const width = viewBox ? Number(viewBox[1]) : target;
    const height = viewBox ? Number(viewBox[2]) : target;
    const scale = target / Math.max(width, height, 1);
    const bare = tag.replace(/\s(?:width|height)="[^"]*"/g, '');
    return bare.replace('<svg', `<svg width="${Math.round(width * scale)}" height="${Math.round(height * scale)}"`);
  });
}

/** The mark centred on a white 256 px square, as PNG: crisp flat colours and small files. */
export async function rasterizeLogo(svg: string): Promise<Uint8Array> {
  const mark = await sharp(Buffer.from(sized(svg, MARK_SIZE * 2)))
    .resize(MARK_SIZE, MARK_SIZE, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
    .png()
    .toBuffer();
  const tile = await sharp({ create: { width: LOGO_SIZE, height: LOGO_SIZE, channels: 3, background: '#ffffff' } })
    .composite([{ input: mark, gravity: 'centre' }])
    .png({ compressionLevel: 9, palette: true, quality: 95 })
    .toBuffer();
  return new Uint8Array(tile.buffer, tile.byteOffset, tile.byteLength);
}

/** Stores the bytes under a key named after the tool and the content, so the same logo is never written twice. */
export async function storeLogo(storage: StorageDriver, slug: string, bytes: Uint8Array): Promise<string> {
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  const key = `logos/${slug}-${digest}.png`;
  try {
    await storage.put(key, bytes, 'image/png');
  } catch (error) {
    // The same bytes under the same key: a second seed of the same catalogue (or a retried one).
    if (!(error instanceof StoredFileExistsError)) throw error;
  }
  return key;
}

export interface LogoSeedResult {
  stored: number;
  failed: { slug: string; reason: string }[];
}

/**
 * Gives every mapped tool that has no logo yet its curated one. A logo chosen by an author or an admin
 * (logo_source other than 'none', or any logo_url) is never replaced. Two logos are drawn at a time.
 */
export async function seedCuratedLogos(pool: pg.Pool, storage: StorageDriver): Promise<LogoSeedResult> {
  const mapping = await readLogoMapping();
  const { rows } = await pool.query<{ id: string; slug: string }>(
    "SELECT id, slug FROM posts WHERE slug = ANY($1::text[]) AND logo_source = 'none' AND logo_url IS NULL ORDER BY slug",
    [[...mapping.keys()]],
  );
  const stored: { id: string; key: string }[] = [];
  const failed: LogoSeedResult['failed'] = [];
  const queue = [...rows];
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      try {
        const bytes = await rasterizeLogo(await logoSvg(mapping.get(row.slug)!));
        stored.push({ id: row.id, key: await storeLogo(storage, row.slug, bytes) });
      } catch (error) {
        failed.push({ slug: row.slug, reason: (error as Error).message });
      }
    }
  };
  await Promise.all([worker(), worker()]);
  if (stored.length > 0) {
    await pool.query(
      `UPDATE posts p SET logo_url = s.key, logo_source = 'curated'
       FROM unnest($1::uuid[], $2::text[]) AS s(id, key)
       WHERE p.id = s.id AND p.logo_source = 'none' AND p.logo_url IS NULL`,
      [stored.map((entry) => entry.id), stored.map((entry) => entry.key)],
    );
  }
  return { stored: stored.length, failed };
}
