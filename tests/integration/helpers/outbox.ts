/** Reads the local outbox (DATA_DIR/outbox/*.eml) the site writes when no SMTP_URL is set, quoted-printable decoded. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

function decode(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Every message to `to`, newest first. */
export async function mailsTo(dataDir: string, to: string): Promise<string[]> {
  const outbox = path.join(dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
  const messages = await Promise.all(files.map(async (file) => decode(await readFile(path.join(outbox, file), 'utf8'))));
  return messages.filter((message) => message.includes(`To: ${to}`));
}

/** The newest message to `to`; throws when there is none. */
export async function lastMailTo(dataDir: string, to: string): Promise<string> {
  const [message] = await mailsTo(dataDir, to);
  if (!message) throw new Error(`Ningún correo para ${to}`);
  return message;
}
