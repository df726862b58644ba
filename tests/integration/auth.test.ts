import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED_MESSAGE, AUTH_RATE_LIMITS, CLIENT_IP_HEADER, createAuth } from '../../src/server/auth/auth.ts';
import { VERIFIED_CALLBACK_PATH } from '../../src/components/account/auth-client.ts';
import { AUTH_MESSAGES } from '../../src/server/auth/auth-route.ts';
import * as schema from '../../src/server/db/schema.ts';
import type { MailMessage } from '../../src/server/email/mailer.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
const SITE = 'http://localhost:4321';
const mails: MailMessage[] = [];
const auth = createAuth({
  db: drizzle(pool, { schema }),
  pool,
  secret: randomBytes(32).toString('base64url'),
  siteUrl: SITE,
  trustedOrigins: [SITE],
  siteName: 'Brújula IA',
  adminEmail: 'jefa@ejemplo.es',
  sendMail: async (message) => {
    mails.push(message);
  },
});

let ipCounter = 0;
/** Each test gets its own client address so rate limits never leak between tests. */
const nextIp = () => `198.51.100.${++ipCounter}`;

async function call(path: string, body: Record<string, unknown>, options: { ip: string; cookie?: string }) {
  const headers = new Headers({ 'content-type': 'application/json', origin: SITE, [CLIENT_IP_HEADER]: options.ip });
  if (options.cookie) headers.set('cookie', options.cookie);
  // The register form always names the page the verification link lands on.
  const sent = path === 'sign-up/email' ? { callbackURL: VERIFIED_CALLBACK_PATH, ...body } : body;
  const response = await auth.handler(new Request(`${SITE}/api/auth/${path}`, { method: 'POST', headers, body: JSON.stringify(sent) }));
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return {
    status: response.status,
    data,
    cookie: response.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; '),
  };
}

async function profileOf(email: string) {
  const { rows } = await pool.query('SELECT name, role, email_verified, is_active FROM profiles WHERE email = $1', [email]);
  return rows[0];
}

function verificationLinkFor(email: string): string {
  const mail = mails.findLast((message) => message.to === email && message.subject.startsWith('Confirma'));
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No hay correo de verificación para ${email}`);
  return link;
}

async function registerAndVerify(email: string, ip: string) {
  expect((await call('sign-up/email', { name: 'Persona de prueba', email, password: 'secreto123' }, { ip })).status).toBe(200);
  const response = await auth.handler(new Request(verificationLinkFor(email), { headers: { [CLIENT_IP_HEADER]: ip } }));
  expect(response.status).toBe(302);
  expect(response.headers.get('location')).toBe(VERIFIED_CALLBACK_PATH);
}

describe('accounts', () => {
  it('has a Spanish message for every error code the configured better-auth can answer', () => {
    const codes = Object.keys(auth.$ERROR_CODES);
    expect(codes.length).toBeGreaterThan(40);
    expect(codes.filter((code) => !AUTH_MESSAGES[code])).toEqual([]);
    for (const code of codes) expect(AUTH_MESSAGES[code], code).toMatch(/[áéíóúñ]|\b(la|el|de|no|tu|un|una|se|es|debe|solicitud)\b/i);
  });

  it('signs a visitor up as a user with the given name and sends a verification e-mail', async () => {
    const ip = nextIp();
    const result = await call('sign-up/email', { name: '  Ana García ', email: 'Ana@Ejemplo.es', password: 'secreto123' }, { ip });
    expect(result.status).toBe(200);
    expect(await profileOf('ana@ejemplo.es')).toEqual({ name: 'Ana García', role: 'user', email_verified: false, is_active: true });
    expect(verificationLinkFor('ana@ejemplo.es')).toMatch(/^http:\/\/localhost:4321\/api\/auth\/verify-email\?token=/);
  });

  it('names a profile after the e-mail when no name is given, and Usuario when even that is empty', async () => {
    // The path an OAuth provider without a name takes (the sign-up form itself requires a name).
    const context = await auth.$context;
    const source = { method: 'oauth', oauth: { providerId: 'google' } };
    await context.internalAdapter.createUser({ email: 'sin.nombre@ejemplo.es', name: '', emailVerified: true }, source);
    expect((await profileOf('sin.nombre@ejemplo.es'))?.name).toBe('sin.nombre');
    await context.internalAdapter.createUser({ email: '@ejemplo.es', name: ' ', emailVerified: true }, source);
    expect((await profileOf('@ejemplo.es'))?.name).toBe('Usuario');
  });

  it('makes the account of ADMIN_EMAIL an admin, whatever its case', async () => {
    await call('sign-up/email', { name: 'Jefa', email: 'Jefa@Ejemplo.es', password: 'secreto123' }, { ip: nextIp() });
    expect((await profileOf('jefa@ejemplo.es'))?.role).toBe('admin');
  });

  it('refuses to sign in until the e-mail is verified, then opens a session', async () => {
    const ip = nextIp();
    const email = 'luis@ejemplo.es';
    await call('sign-up/email', { name: 'Luis', email, password: 'secreto123' }, { ip });
    const before = await call('sign-in/email', { email, password: 'secreto123' }, { ip });
    expect(before.status).toBe(403);
    expect(before.data?.code).toBe('EMAIL_NOT_VERIFIED');

    const response = await auth.handler(new Request(verificationLinkFor(email), { headers: { [CLIENT_IP_HEADER]: ip } }));
    expect(response.headers.get('location')).toBe(VERIFIED_CALLBACK_PATH);
    expect((await profileOf(email))?.email_verified).toBe(true);

    const after = await call('sign-in/email', { email, password: 'secreto123' }, { ip });
    expect(after.status).toBe(200);
    const session = await auth.api.getSession({ headers: new Headers({ cookie: after.cookie }) });
    expect(session?.user).toMatchObject({ email, name: 'Luis', role: 'user', isActive: true });
  });

  it('refuses a deactivated account with a clear message', async () => {
    const ip = nextIp();
    const email = 'baja@ejemplo.es';
    await registerAndVerify(email, ip);
    await pool.query('UPDATE profiles SET is_active = false WHERE email = $1', [email]);
    const result = await call('sign-in/email', { email, password: 'secreto123' }, { ip });
    expect(result.status).toBe(403);
    expect(result.data?.message).toBe(ACCOUNT_DISABLED_MESSAGE);
    expect(result.cookie).not.toMatch(/session_token=[^;]+/);
  });

  it('validates again on the server with the forms’ Spanish messages', async () => {
    const ip = nextIp();
    const short = await call('sign-up/email', { name: 'Eva', email: 'eva@ejemplo.es', password: '123' }, { ip });
    expect(short).toMatchObject({ status: 400, data: { message: 'La contraseña debe tener al menos 6 caracteres' } });
    const noName = await call('sign-up/email', { name: ' ', email: 'eva@ejemplo.es', password: 'secreto123' }, { ip });
    expect(noName.data?.message).toBe('El nombre es requerido');
    const badEmail = await call('sign-in/email', { email: 'eva', password: 'x' }, { ip });
    expect(badEmail.data?.message).toBe('Ingresa un email válido');
    expect(await profileOf('eva@ejemplo.es')).toBeUndefined();
  });

  it('answers a duplicate sign-up like a new one and tells the owner by e-mail', async () => {
    const ip = nextIp();
    await call('sign-up/email', { name: 'Marta', email: 'marta@ejemplo.es', password: 'secreto123' }, { ip });
    const again = await call('sign-up/email', { name: 'Otra', email: 'marta@ejemplo.es', password: 'otraclave1' }, { ip });
    expect(again.status).toBe(200);
    expect((await profileOf('marta@ejemplo.es'))?.name).toBe('Marta');
    expect(mails.some((mail) => mail.to === 'marta@ejemplo.es' && mail.subject.startsWith('Ya tienes una cuenta'))).toBe(true);
  });

  it('stops sign-in attempts from one IP after the limit, in the database, while other IPs go on', async () => {
    const email = 'limite@ejemplo.es';
    await registerAndVerify(email, nextIp());
    const ip = nextIp();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.signIn.max; attempt += 1) {
      expect((await call('sign-in/email', { email, password: 'incorrecta' }, { ip })).status).toBe(401);
    }
    expect((await call('sign-in/email', { email, password: 'secreto123' }, { ip })).status).toBe(429);
    expect((await call('sign-in/email', { email, password: 'secreto123' }, { ip: nextIp() })).status).toBe(200);
    const { rows } = await pool.query('SELECT count FROM rate_limit_buckets WHERE key LIKE $1', [`auth:${ip}|%`]);
    expect(rows).toEqual([{ count: AUTH_RATE_LIMITS.signIn.max + 1 }]);
  });
});
