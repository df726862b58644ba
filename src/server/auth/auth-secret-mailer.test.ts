import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { resolveAuthSecret } from './secret.ts';
import { createMailer } from '../email/mailer.ts';
import { verificationEmail } from '../email/templates.ts';
import { ConfigError, readEnv } from '../env.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'brujula-auth-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('auth secret', () => {
  it('uses BETTER_AUTH_SECRET when it is set', () => {
    const secret = 'a'.repeat(40);
    expect(resolveAuthSecret({ secret, dataDir, local: false })).toBe(secret);
  });

  it('is required outside a local setup', () => {
    expect(() => resolveAuthSecret({ secret: undefined, dataDir, local: false })).toThrow(ConfigError);
    expect(() => resolveAuthSecret({ secret: undefined, dataDir, local: false })).toThrow(/BETTER_AUTH_SECRET/);
  });

  it('is generated once per data folder, private to its owner, and reused', async () => {
    const first = resolveAuthSecret({ secret: undefined, dataDir, local: true });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAuthSecret({ secret: undefined, dataDir, local: true })).toBe(first);
    expect((await stat(path.join(dataDir, 'auth-secret'))).mode & 0o777).toBe(0o600);
    const other = await mkdtemp(path.join(tmpdir(), 'brujula-auth-'));
    expect(resolveAuthSecret({ secret: undefined, dataDir: other, local: true })).not.toBe(first);
    await rm(other, { recursive: true, force: true });
  });

  it('rejects a short secret at start-up', () => {
    expect(() => readEnv({ BETTER_AUTH_SECRET: 'corto' })).toThrow(/BETTER_AUTH_SECRET debe tener al menos 32 caracteres/);
    expect(() => readEnv({ SMTP_URL: 'http://correo' })).toThrow(/SMTP_URL/);
    expect(() => readEnv({ ADMIN_EMAIL: 'jefa' })).toThrow(/ADMIN_EMAIL/);
  });
});

describe('mailer without SMTP_URL', () => {
  it('writes each message to DATA_DIR/outbox as an .eml file holding the link', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const send = createMailer({ smtpUrl: undefined, from: 'Brújula IA <no-responder@localhost>', dataDir });
    const url = 'http://localhost:4321/api/auth/verify-email?token=abc&callbackURL=%2Flogin';
    await send(verificationEmail({ to: 'ana@ejemplo.es', name: 'Ana <b>', url, siteName: 'Brújula IA' }));
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const message = await readFile(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(message).toMatch(/^To: ana@ejemplo\.es$/m);
    expect(message.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(url);
    expect(message).toContain('Hola, Ana &lt;b&gt;:');
    expect(info).toHaveBeenCalledWith(expect.stringContaining('ana@ejemplo.es'));
    info.mockRestore();
  });
});
