import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED_MESSAGE, CLIENT_IP_HEADER, createAuth, readSession, type AuthOptions } from '../../src/server/auth/auth.ts';
import * as schema from '../../src/server/db/schema.ts';
import type { MailMessage } from '../../src/server/email/mailer.ts';
import { startFakeOidc } from '../fixtures/fake-oidc.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
const SITE = 'http://localhost:4321';
const HTTPS_SITE = 'https://brujula.example';
const CLIENT = { clientId: 'cliente-de-pruebas.apps.example', clientSecret: 'secreto-del-cliente-de-pruebas' };
const provider = await startFakeOidc(CLIENT);
afterAll(() => provider.close());

const mails: MailMessage[] = [];
const shared: Omit<AuthOptions, 'siteUrl' | 'trustedOrigins'> = {
  db: drizzle(pool, { schema }),
  pool,
  secret: randomBytes(32).toString('base64url'),
  siteName: 'Brújula IA',
  adminEmail: 'jefa@ejemplo.es',
  sendMail: async (message) => {
    mails.push(message);
  },
  google: { ...CLIENT, issuer: provider.issuer },
};
const auth = createAuth({ ...shared, siteUrl: SITE, trustedOrigins: [SITE] });
const httpsAuth = createAuth({ ...shared, siteUrl: HTTPS_SITE, trustedOrigins: [HTTPS_SITE] });

let ipCounter = 0;
const nextIp = () => `203.0.113.${++ipCounter}`;

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((value) => value.split(';')[0]!);
const cookieHeader = (cookies: string[]) => cookies.filter((cookie) => !cookie.endsWith('=')).join('; ');

/** The browser's whole Google round trip: our sign-in call, the provider's account form, our callback. */
async function signInWithGoogle(account: { email: string; name?: string }, decision: 'allow' | 'deny' = 'allow') {
  const ip = nextIp();
  const start = await auth.handler(
    new Request(`${SITE}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE, [CLIENT_IP_HEADER]: ip },
      body: JSON.stringify({ provider: 'google', callbackURL: '/dashboard', errorCallbackURL: '/login?google=1' }),
    }),
  );
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const authorize = new URL(url);
  expect(authorize.origin + authorize.pathname).toBe(`${provider.issuer}/authorize`);

  const form = new URLSearchParams(authorize.searchParams);
  form.set('email', account.email);
  form.set('name', account.name ?? '');
  form.set('decision', decision);
  const consent = await fetch(`${provider.issuer}/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callback = consent.headers.get('location')!;
  expect(callback).toMatch(new RegExp(`^${SITE}/api/auth/callback/google\\?`));

  const finish = await auth.handler(new Request(callback, { headers: { cookie: cookieHeader(cookiesOf(start)), [CLIENT_IP_HEADER]: ip } }));
  expect(finish.status).toBe(302);
  return { location: finish.headers.get('location')!, cookie: cookieHeader(cookiesOf(finish)) };
}

async function profileOf(email: string) {
  const { rows } = await pool.query('SELECT name, role, avatar_url, email_verified, is_active FROM profiles WHERE email = $1', [email]);
  return rows[0];
}

describe('Google sign-in through an OpenID Connect provider', () => {
  it('creates a user profile with the Google name and picture, and lands on /dashboard signed in', async () => {
    const result = await signInWithGoogle({ email: 'rocio@ejemplo.es', name: 'Rocío Martín' });
    expect(result.location).toBe('/dashboard');
    expect(await profileOf('rocio@ejemplo.es')).toEqual({
      name: 'Rocío Martín',
      role: 'user',
      avatar_url: expect.stringMatching(new RegExp(`^${provider.issuer}/fotos/`)),
      email_verified: true,
      is_active: true,
    });
    const session = await readSession(new Headers({ cookie: result.cookie }), auth);
    expect(session?.user).toMatchObject({ email: 'rocio@ejemplo.es', name: 'Rocío Martín', role: 'user' });
  });

  it('makes ADMIN_EMAIL an admin and names a profile without a Google name after the e-mail', async () => {
    await signInWithGoogle({ email: 'Jefa@Ejemplo.es' });
    expect(await profileOf('jefa@ejemplo.es')).toMatchObject({ name: 'jefa', role: 'admin' });
  });

  it('signs the same Google account into the same profile the second time', async () => {
    const first = await signInWithGoogle({ email: 'repite@ejemplo.es', name: 'Repite' });
    const second = await signInWithGoogle({ email: 'repite@ejemplo.es', name: 'Repite' });
    const [a, b] = await Promise.all([first, second].map(({ cookie }) => readSession(new Headers({ cookie }), auth)));
    expect(a?.user.id).toBe(b?.user.id);
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM accounts WHERE provider_id = 'google' AND user_id = $1", [a?.user.id]);
    expect(rows[0].n).toBe(1);
  });

  it('signs an existing e-mail account in through Google without a second profile', async () => {
    const email = 'clave.y.google@ejemplo.es';
    const context = await auth.$context;
    const user = await context.internalAdapter.createUser({ email, name: 'Con clave', emailVerified: true }, { method: 'email-password' });
    const result = await signInWithGoogle({ email, name: 'Otro nombre' });
    expect(result.location).toBe('/dashboard');
    expect((await readSession(new Headers({ cookie: result.cookie }), auth))?.user).toMatchObject({ id: user.id, name: 'Con clave' });
  });

  it('refuses a deactivated account: back to the login page with the Spanish message and no session', async () => {
    await signInWithGoogle({ email: 'baja.google@ejemplo.es', name: 'Baja' });
    await pool.query('UPDATE profiles SET is_active = false WHERE email = $1', ['baja.google@ejemplo.es']);
    const result = await signInWithGoogle({ email: 'baja.google@ejemplo.es', name: 'Baja' });
    const location = new URL(result.location, SITE);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('google')).toBe('1');
    expect(location.searchParams.get('error_description')).toBe(ACCOUNT_DISABLED_MESSAGE);
    expect(result.cookie).not.toMatch(/session_token=/);
  });

  it('sends a visitor who cancels at the provider back to the error page given', async () => {
    const result = await signInWithGoogle({ email: 'arrepentida@ejemplo.es' }, 'deny');
    const location = new URL(result.location, SITE);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(await profileOf('arrepentida@ejemplo.es')).toBeUndefined();
  });
});

describe('Google sign-in without a stand-in issuer', () => {
  it('sends the visitor to Google itself, back to our callback', async () => {
    const real = createAuth({ ...shared, siteUrl: SITE, trustedOrigins: [SITE], google: CLIENT });
    const response = await real.handler(
      new Request(`${SITE}/api/auth/sign-in/social`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE, [CLIENT_IP_HEADER]: nextIp() },
        body: JSON.stringify({ provider: 'google', callbackURL: '/dashboard' }),
      }),
    );
    const url = new URL(((await response.json()) as { url: string }).url);
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(url.searchParams.get('client_id')).toBe(CLIENT.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${SITE}/api/auth/callback/google`);
    expect(url.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
  });

  it('offers no Google sign-in when it is not configured', async () => {
    const none = createAuth({ ...shared, siteUrl: SITE, trustedOrigins: [SITE], google: undefined });
    const response = await none.handler(
      new Request(`${SITE}/api/auth/sign-in/social`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE, [CLIENT_IP_HEADER]: nextIp() },
        body: JSON.stringify({ provider: 'google', callbackURL: '/dashboard' }),
      }),
    );
    expect(response.status).toBe(404);
  });
});

describe('account protection', () => {
  it('stops reading a session as signed in once its user is deactivated', async () => {
    const { cookie } = await signInWithGoogle({ email: 'activa@ejemplo.es', name: 'Activa' });
    expect(await readSession(new Headers({ cookie }), auth)).not.toBeNull();
    await pool.query('UPDATE profiles SET is_active = false WHERE email = $1', ['activa@ejemplo.es']);
    expect(await readSession(new Headers({ cookie }), auth)).toBeNull();
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, and Secure with a __Secure- name when SITE_URL is https', async () => {
    const email = 'cookies@ejemplo.es';
    const context = await auth.$context;
    const user = await context.internalAdapter.createUser({ email, name: 'Galleta', emailVerified: true }, { method: 'email-password' });
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await context.password.hash('secreto123'),
    });

    const signIn = (instance: typeof auth, site: string) =>
      instance.handler(
        new Request(`${site}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: site, [CLIENT_IP_HEADER]: nextIp() },
          body: JSON.stringify({ email, password: 'secreto123' }),
        }),
      );
    const sessionCookie = (response: Response) => response.headers.getSetCookie().find((value) => /session_token=/.test(value)) ?? '';

    const plain = sessionCookie(await signIn(auth, SITE));
    expect(plain).toMatch(/^better-auth\.session_token=/);
    expect(plain).toMatch(/;\s*HttpOnly/i);
    expect(plain).toMatch(/;\s*SameSite=Lax/i);
    expect(plain).not.toMatch(/;\s*Secure/i);

    const secure = sessionCookie(await signIn(httpsAuth, HTTPS_SITE));
    expect(secure).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(secure).toMatch(/;\s*HttpOnly/i);
    expect(secure).toMatch(/;\s*SameSite=Lax/i);
    expect(secure).toMatch(/;\s*Secure/i);
  });
});
