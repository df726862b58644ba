/** Reads the local outbox (DATA_DIR/outbox/*.eml) that the site writes when no SMTP_URL is set. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from './fixtures.ts';
import { siteUnderTest } from './site-under-test.ts';

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

async function findMessage(to: string, contains: string, outbox: string): Promise<string | undefined> {
  const files = await readdir(outbox).catch(() => [] as string[]);
  for (const file of files.sort().reverse()) {
    const message = decodeQuotedPrintable(await readFile(path.join(outbox, file), 'utf8'));
    if (new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(message) && message.includes(contains)) return message;
  }
  return undefined;
}

/** The verification link sent to `to`, waiting for the e-mail to be written (to the outbox of the project's site unless told). */
export async function verificationLink(to: string, outbox = path.resolve(siteUnderTest().dataDir, 'outbox')): Promise<string> {
  let message: string | undefined;
  await expect.poll(async () => (message = await findMessage(to, '/api/auth/verify-email?', outbox)), { timeout: 10_000 }).toBeTruthy();
  const link = message!.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0];
  expect(link, `enlace de verificación para ${to}`).toBeTruthy();
  return link!;
}

/** The link of the latest e-mail to `to` whose address contains `part` (a password reset, an e-mail change). */
export async function mailedLink(to: string, part: string, outbox = path.resolve(siteUnderTest().dataDir, 'outbox')): Promise<string> {
  let message: string | undefined;
  await expect.poll(async () => (message = await findMessage(to, part, outbox)), { timeout: 10_000 }).toBeTruthy();
  const link = message!.match(/https?:\/\/\S+/g)?.find((candidate) => candidate.includes(part));
  expect(link, `enlace ${part} para ${to}`).toBeTruthy();
  return link!;
}

/** The latest e-mail to `to` that contains `text`, waiting for it to be written (a notice, not a link). */
export async function mailedMessage(to: string, text: string, outbox = path.resolve(siteUnderTest().dataDir, 'outbox')): Promise<string> {
  let message: string | undefined;
  await expect.poll(async () => (message = await findMessage(to, text, outbox)), { timeout: 15_000 }).toBeTruthy();
  return message!;
}
