/**
 * Outgoing e-mail: nodemailer over SMTP_URL when it is set; otherwise each message is written as an
 * .eml file to DATA_DIR/outbox so a local site works with no mail server (and tests can read it).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type SendMail = (message: MailMessage) => Promise<void>;

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
}

export function createMailer(options: MailerOptions): SendMail {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return async (message) => {
      await transport.sendMail({ from: options.from, ...message });
    };
  }
  const outbox = path.resolve(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (message) => {
    const info = await transport.sendMail({ from: options.from, ...message });
    await mkdir(outbox, { recursive: true });
    const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
    await writeFile(file, info.message as Buffer);
    console.info(`Correo para ${message.to} guardado en ${file} (sin SMTP_URL no se envía).`);
  };
}
