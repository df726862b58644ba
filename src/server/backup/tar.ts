/**
 * Just enough of the POSIX ustar format, gzip-compressed, for our backup archives: regular files only, names
 * up to 255 bytes. No dependency, and any `tar -tzf` or `tar -xzf` can open an archive to look inside.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { ConfigError } from '../env.ts';

export interface TarEntry {
  name: string;
  body: Buffer;
  mtime?: Date;
}

const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1;

function writeString(block: Buffer, value: string, offset: number, length: number): void {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new Error(`Nombre demasiado largo para el archivo: ${value}`);
  bytes.copy(block, offset);
}

function writeOctal(block: Buffer, value: number, offset: number, length: number): void {
  block.write(value.toString(8).padStart(length - 1, '0') + '\0', offset, length, 'ascii');
}

/** ustar keeps names of up to 100 bytes, or a prefix of up to 155 and a name of up to 100 split at a '/'. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let cut = name.indexOf('/'); cut > 0; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const base = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`Nombre demasiado largo para el archivo: ${name}`);
}

function header(entry: TarEntry): Buffer {
  if (entry.body.length > MAX_SIZE) throw new Error(`${entry.name} es demasiado grande para el archivo (más de 8 GiB)`);
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(entry.name);
  writeString(block, base, 0, 100);
  writeOctal(block, 0o600, 100, 8);
  writeOctal(block, 0, 108, 8);
  writeOctal(block, 0, 116, 8);
  writeOctal(block, entry.body.length, 124, 12);
  writeOctal(block, Math.floor((entry.mtime ?? new Date()).getTime() / 1000), 136, 12);
  block.write('        ', 148, 8, 'ascii');
  block.write('0', 156, 1, 'ascii');
  block.write('ustar\u000000', 257, 8, 'ascii');
  writeString(block, prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return block;
}

async function* tarBlocks(entries: AsyncIterable<TarEntry>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    yield header(entry);
    if (entry.body.length > 0) yield entry.body;
    const padding = (BLOCK - (entry.body.length % BLOCK)) % BLOCK;
    if (padding > 0) yield Buffer.alloc(padding);
  }
  // Two empty blocks end the archive.
  yield Buffer.alloc(BLOCK * 2);
}

/** Writes `entries` to `file` as a .tar.gz readable only by its owner; resolves with the archive's size in bytes. */
export async function writeTarGz(file: string, entries: AsyncIterable<TarEntry>): Promise<number> {
  const output = createWriteStream(file, { mode: 0o600 });
  await pipeline(Readable.from(tarBlocks(entries)), createGzip({ level: 6 }), output);
  return output.bytesWritten;
}

/** Bytes arriving in chunks, taken out in exact lengths without copying the whole stream again and again. */
class ByteQueue {
  private chunks: Buffer[] = [];
  private length = 0;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  take(count: number): Buffer | undefined {
    if (this.length < count) return undefined;
    const whole = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = whole.length > count ? [whole.subarray(count)] : [];
    this.length -= count;
    return whole.subarray(0, count);
  }
}

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  return parseInt(readString(block, offset, length).trim() || '0', 8);
}

function parseHeader(block: Buffer): { name: string; size: number; type: string; mtime: Date } {
  let sum = 0;
  for (let index = 0; index < BLOCK; index++) sum += index >= 148 && index < 156 ? 32 : block[index]!;
  if (sum !== readOctal(block, 148, 8)) throw new ConfigError('El archivo no es un .tar.gz válido (cabecera dañada).');
  const base = readString(block, 0, 100);
  const prefix = readString(block, 345, 155);
  return {
    name: prefix ? `${prefix}/${base}` : base,
    size: readOctal(block, 124, 12),
    type: String.fromCharCode(block[156] || 0x30),
    mtime: new Date(readOctal(block, 136, 12) * 1000),
  };
}

/** Yields the regular files of a .tar.gz in order; a damaged or cut-short archive rejects. */
export async function* readTarGz(file: string): AsyncGenerator<TarEntry> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const queue = new ByteQueue();
  let pending: { name: string; size: number; type: string; mtime: Date } | undefined;
  let ended = false;
  const chunks = (async function* () {
    try {
      yield* gunzip as AsyncIterable<Buffer>;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code?.startsWith('Z_')) throw new ConfigError(`${file} está dañado o incompleto: no es un .tar.gz válido.`);
      throw error;
    }
  })();
  for await (const chunk of chunks) {
    queue.push(chunk);
    for (;;) {
      if (ended) break;
      if (!pending) {
        const block = queue.take(BLOCK);
        if (!block) break;
        if (block.every((byte) => byte === 0)) {
          ended = true;
          break;
        }
        pending = parseHeader(block);
        continue;
      }
      const padded = Math.ceil(pending.size / BLOCK) * BLOCK;
      const data = queue.take(padded);
      if (!data) break;
      const entry = pending;
      pending = undefined;
      // Directories and anything else that is not a regular file are skipped.
      if (entry.type === '0') yield { name: entry.name, body: Buffer.from(data.subarray(0, entry.size)), mtime: entry.mtime };
    }
  }
  if (!ended) throw new ConfigError(`${file} está incompleto: termina antes del final del .tar.`);
}
