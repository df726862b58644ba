/**
 * The account routes the profile page uses, through better-auth as the site configures it: profile, e-mail and
 * password changes, the forgotten-password round trip, the verification e-mail again, and account deletion.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { VERIFIED_CALLBACK_PATH, EMAIL_CHANGED_PATH, PASSWORD_RESET_PATH } from '../../src/components/account/auth-client.ts';
import { CLIENT_IP_HEADER, createAuth } from '../../src/server/auth/auth.ts';
import * as schema from '../../src/server/db/schema.ts';
import type { MailMessage } from '../../src/server/email/mailer.ts';
import { LocalStorage } from '../../src/server/storage/local.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
const SITE = 'http://localhost:4321';
const PASSWORD = 'secreto123';
const root = await mkdtemp(path.join(tmpdir(), 'brujula-cuentas-'));
afterAll(() => rm(root, { recursive: true, force: true }));
const storage = new LocalStorage(path.join(root, 'uploads'));
const mails: MailMessage[] = [];
const auth = createAuth({
  db: drizzle(pool, { schema }),
  pool,
  secret: randomBytes(32).toString('base64url'),
  siteUrl: SITE,
  trustedOrigins: [SITE],
  siteName: 'Brújula IA',
  adminEmail: undefined,
  sendMail: async (message) => {
    mails.push(message);
  },
  storage: () => storage,
});

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

interface Answer {
  status: number;
  data: Record<string, unknown> | null;
  cookie: string;
  location: string | null;
}

async function send(method: 'GET' | 'POST', target: string, options: { body?: unknown; cookie?: string; ip?: string } = {}): Promise<Answer> {
  const headers = new Headers({ origin: SITE, [CLIENT_IP_HEADER]: options.ip ?? nextIp() });
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  if (options.cookie) headers.set('cookie', options.cookie);
  const url = target.startsWith('http') ? target : `${SITE}/api/auth/${target}`;
  const response = await auth.handler(new Request(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) }));
  return {
    status: response.status,
    data: (await response.json().catch(() => null)) as Record<string, unknown> | null,
    cookie: response.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; '),
    location: response.headers.get('location'),
  };
}

const post = (route: string, body: unknown, cookie?: string) => send('POST', route, { body, cookie });

function lastMail(to: string, subjectStart: string): MailMessage {
  const mail = mails.findLast((message) => message.to === to && message.subject.startsWith(subjectStart));
  if (!mail) throw new Error(`No hay correo «${subjectStart}» para ${to}`);
  return mail;
}

const linkIn = (mail: MailMessage) => mail.text.match(/https?:\/\/\S+/)![0];

async function sessionOf(cookie: string) {
  return auth.api.getSession({ headers: new Headers({ cookie }) });
}

/** A verified account, signed in; returns its id and session cookie. */
async function verifiedUser(email: string, name = 'Persona de prueba'): Promise<{ id: string; cookie: string }> {
  expect((await post('sign-up/email', { name, email, password: PASSWORD, callbackURL: VERIFIED_CALLBACK_PATH })).status).toBe(200);
  expect((await send('GET', linkIn(lastMail(email, 'Confirma')))).location).toBe(VERIFIED_CALLBACK_PATH);
  const signIn = await post('sign-in/email', { email, password: PASSWORD });
  expect(signIn.status).toBe(200);
  const session = await sessionOf(signIn.cookie);
  return { id: session!.user.id, cookie: signIn.cookie };
}

async function profileRow(id: string) {
  const { rows } = await pool.query('SELECT name, email, bio, avatar_url FROM profiles WHERE id = $1', [id]);
  return rows[0] as { name: string; email: string; bio: string | null; avatar_url: string | null } | undefined;
}

describe('profile', () => {
  it('saves a trimmed name and bio, and nothing else', async () => {
    const { id, cookie } = await verifiedUser('perfil@ejemplo.es');
    expect((await post('update-user', { name: '  Ana Pérez ', bio: '  Me gustan las herramientas de vídeo.  ' }, cookie)).status).toBe(200);
    expect(await profileRow(id)).toMatchObject({ name: 'Ana Pérez', bio: 'Me gustan las herramientas de vídeo.' });

    for (const body of [{ role: 'admin' }, { image: 'https://rastreo.example/pixel.png' }, { isActive: false }, { name: 'Ana', email: 'otra@ejemplo.es' }]) {
      const refused = await post('update-user', body, cookie);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.data?.message).toBe('Solo se pueden cambiar el nombre y la biografía.');
    }
    expect((await post('update-user', { bio: 'x'.repeat(501) }, cookie)).data?.message).toBe('La biografía admite como máximo 500 caracteres.');
    expect((await post('update-user', { name: ' ' }, cookie)).data?.message).toBe('El nombre es requerido');
    const { rows } = await pool.query('SELECT role, avatar_url, is_active FROM profiles WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ role: 'user', avatar_url: null, is_active: true });
    expect((await post('update-user', { name: 'Sin sesión' })).status).toBe(401);
  });

  it('gives the session an uploaded avatar as an address, and a provider’s picture as it is', async () => {
    const { id, cookie } = await verifiedUser('foto@ejemplo.es');
    await pool.query(`UPDATE profiles SET avatar_url = 'avatars/2026-11/0b6f3a52-7f43-4f1b-9d0e-2d6f0b7b9a11.jpg' WHERE id = $1`, [id]);
    expect((await sessionOf(cookie))?.user.image).toBe('/media/avatars/2026-11/0b6f3a52-7f43-4f1b-9d0e-2d6f0b7b9a11.jpg');
    const answer = await send('GET', 'get-session', { cookie });
    expect((answer.data?.user as { image?: string }).image).toBe('/media/avatars/2026-11/0b6f3a52-7f43-4f1b-9d0e-2d6f0b7b9a11.jpg');
    await pool.query(`UPDATE profiles SET avatar_url = 'https://lh3.googleusercontent.com/a/foto' WHERE id = $1`, [id]);
    expect((await sessionOf(cookie))?.user.image).toBe('https://lh3.googleusercontent.com/a/foto');
    await pool.query(`UPDATE profiles SET avatar_url = 'javascript:alert(1)' WHERE id = $1`, [id]);
    expect((await sessionOf(cookie))?.user.image).toBeNull();
  });

  it('never starts an account with one of our stored files as its avatar (its file would go with the account)', async () => {
    for (const image of ['logos/chatgpt-48ceb11103b3.png', `${SITE}/media/generated/2026-11/0b6f3a52-7f43-4f1b-9d0e-2d6f0b7b9a11.jpg?w=600`]) {
      const email = `con-foto-${image.length}@ejemplo.es`;
      const refused = await post('sign-up/email', { name: 'Con foto', email, password: PASSWORD, image });
      expect(refused.status, JSON.stringify(refused.data)).toBe(403);
      expect(refused.data?.message).toBe('Esa imagen no es tuya: solo puedes usar imágenes que hayas subido o generado tú.');
      expect((await pool.query('SELECT 1 FROM profiles WHERE email = $1', [email])).rowCount).toBe(0);
    }
  });
});

describe('password', () => {
  it('changes with the current password and signs every other session out', async () => {
    const email = 'clave@ejemplo.es';
    const { cookie } = await verifiedUser(email);
    const other = await post('sign-in/email', { email, password: PASSWORD });
    expect(await sessionOf(other.cookie)).not.toBeNull();

    const wrong = await post('change-password', { currentPassword: 'incorrecta', newPassword: 'nueva-clave-1', revokeOtherSessions: true }, cookie);
    expect(wrong).toMatchObject({ status: 400, data: { code: 'INVALID_PASSWORD' } });
    const short = await post('change-password', { currentPassword: PASSWORD, newPassword: '123', revokeOtherSessions: true }, cookie);
    expect(short.data?.message).toBe('La contraseña debe tener al menos 6 caracteres');

    const changed = await post('change-password', { currentPassword: PASSWORD, newPassword: 'nueva-clave-1', revokeOtherSessions: true }, cookie);
    expect(changed.status).toBe(200);
    expect(await sessionOf(other.cookie)).toBeNull();
    expect(await sessionOf(changed.cookie)).not.toBeNull();
    expect((await post('sign-in/email', { email, password: PASSWORD })).status).toBe(401);
    expect((await post('sign-in/email', { email, password: 'nueva-clave-1' })).status).toBe(200);
  });

  it('signs every other session out even when the request does not ask for it, and keeps this one', async () => {
    const email = 'clave-sin-aviso@ejemplo.es';
    let { cookie } = await verifiedUser(email);
    const sessionsLeft = async () =>
      (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions s JOIN profiles p ON p.id = s.user_id WHERE p.email = $1', [email])).rows[0]!.n;
    let password = PASSWORD;
    for (const [next, ask] of [
      ['nueva-clave-2', {}],
      ['nueva-clave-3', { revokeOtherSessions: false }],
    ] as const) {
      const other = await post('sign-in/email', { email, password });
      expect(await sessionOf(other.cookie)).not.toBeNull();
      const changed = await post('change-password', { currentPassword: password, newPassword: next, ...ask }, cookie);
      expect(changed.status).toBe(200);
      expect(await sessionOf(other.cookie)).toBeNull();
      cookie = changed.cookie;
      expect(await sessionOf(cookie)).not.toBeNull();
      expect(await sessionsLeft()).toBe(1);
      password = next;
    }
  });

  it('is reset from a mailed link that works once, signing every session out', async () => {
    const email = 'olvido@ejemplo.es';
    const { cookie } = await verifiedUser(email);
    expect((await post('request-password-reset', { email, redirectTo: PASSWORD_RESET_PATH })).status).toBe(200);
    const mail = lastMail(email, 'Restablece');
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/localhost:4321\/api\/auth\/reset-password\/[A-Za-z0-9]+\?callbackURL=%2Frestablecer-contrasena$/);

    const landing = await send('GET', link);
    expect(landing.status).toBe(302);
    const token = new URL(landing.location!, SITE).searchParams.get('token')!;
    expect(new URL(landing.location!, SITE).pathname).toBe(PASSWORD_RESET_PATH);

    expect((await post('reset-password', { newPassword: 'restablecida-1', token })).status).toBe(200);
    expect(await sessionOf(cookie)).toBeNull();
    expect((await post('sign-in/email', { email, password: 'restablecida-1' })).status).toBe(200);
    const again = await post('reset-password', { newPassword: 'otra-vez-123', token });
    expect(again).toMatchObject({ status: 400, data: { code: 'INVALID_TOKEN' } });
    expect(new URL((await send('GET', link)).location!, SITE).searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  it('answers the same for an address without an account, and sends nothing', async () => {
    const before = mails.length;
    expect((await post('request-password-reset', { email: 'nadie@ejemplo.es', redirectTo: PASSWORD_RESET_PATH })).status).toBe(200);
    expect(mails.length).toBe(before);
    expect((await post('request-password-reset', { email: 'no-es-un-email' })).data?.message).toBe('Ingresa un email válido');
  });
});

describe('verification e-mail again', () => {
  it('sends a new link to an account that is not verified yet, and nothing otherwise', async () => {
    const email = 'pendiente@ejemplo.es';
    await post('sign-up/email', { name: 'Pendiente', email, password: PASSWORD, callbackURL: VERIFIED_CALLBACK_PATH });
    const sent = mails.filter((mail) => mail.to === email).length;
    expect((await post('send-verification-email', { email, callbackURL: VERIFIED_CALLBACK_PATH })).status).toBe(200);
    expect(mails.filter((mail) => mail.to === email)).toHaveLength(sent + 1);
    expect((await send('GET', linkIn(lastMail(email, 'Confirma')))).location).toBe(VERIFIED_CALLBACK_PATH);

    const before = mails.length;
    expect((await post('send-verification-email', { email, callbackURL: VERIFIED_CALLBACK_PATH })).status).toBe(200);
    expect((await post('send-verification-email', { email: 'nadie@ejemplo.es', callbackURL: VERIFIED_CALLBACK_PATH })).status).toBe(200);
    expect(mails.length).toBe(before);
  });
});

describe('e-mail change', () => {
  it('changes only once the link sent to the new address is opened, and tells the old address', async () => {
    const { id, cookie } = await verifiedUser('antiguo@ejemplo.es', 'Carmen');
    expect((await post('change-email', { newEmail: 'Nuevo@Ejemplo.es', callbackURL: EMAIL_CHANGED_PATH }, cookie)).status).toBe(200);
    expect((await profileRow(id))?.email).toBe('antiguo@ejemplo.es');
    expect(lastMail('antiguo@ejemplo.es', 'Cambio de email').text).toContain('nuevo@ejemplo.es');
    const confirm = lastMail('nuevo@ejemplo.es', 'Confirma tu nuevo email');

    const opened = await send('GET', linkIn(confirm), { cookie });
    expect(opened.location).toBe(EMAIL_CHANGED_PATH);
    expect(await profileRow(id)).toMatchObject({ email: 'nuevo@ejemplo.es' });
    expect((await post('sign-in/email', { email: 'nuevo@ejemplo.es', password: PASSWORD })).status).toBe(200);
    expect((await post('sign-in/email', { email: 'antiguo@ejemplo.es', password: PASSWORD })).status).toBe(401);
  });

  it('never reveals or takes an address that already has an account', async () => {
    await verifiedUser('ocupado@ejemplo.es');
    const { id, cookie } = await verifiedUser('intruso@ejemplo.es');
    const before = mails.length;
    expect((await post('change-email', { newEmail: 'ocupado@ejemplo.es', callbackURL: EMAIL_CHANGED_PATH }, cookie)).status).toBe(200);
    expect(mails.length).toBe(before);
    expect((await profileRow(id))?.email).toBe('intruso@ejemplo.es');
    expect((await post('change-email', { newEmail: 'no es un email' }, cookie)).data?.message).toBe('Ingresa un email válido');
  });
});

describe('account deletion', () => {
  const jpeg = async () =>
    new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
        .jpeg()
        .toBuffer(),
    );

  it('asks for the password, then removes every private row and file and keeps nothing that names the user', async () => {
    const email = 'adios@ejemplo.es';
    const name = 'Adela Despedida';
    const { id, cookie } = await verifiedUser(email, name);
    const other = await verifiedUser('se-queda@ejemplo.es', 'Sigue Aquí');

    // What the account made: a published tool, a pending and a rejected one, saves, images, descriptions, stories.
    const keys = {
      avatar: 'avatars/2026-11/11111111-1111-4111-8111-111111111111.jpg',
      image: 'generated/2026-11/22222222-2222-4222-8222-222222222222.jpg',
      draftImage: 'uploads/2026-11/33333333-3333-4333-8333-333333333333.jpg',
      publishedImage: 'uploads/2026-11/44444444-4444-4444-8444-444444444444.jpg',
      othersImage: 'generated/2026-11/55555555-5555-4555-8555-555555555555.jpg',
    };
    for (const key of Object.values(keys)) await storage.put(key, await jpeg(), 'image/jpeg');
    await pool.query('UPDATE profiles SET avatar_url = $2, bio = $3 WHERE id = $1', [id, keys.avatar, 'Bio de Adela']);
    const { rows: tools } = await pool.query<{ id: string; status: string }>(
      `INSERT INTO posts (title, slug, description, status, user_id, author, image_url, saved_count) VALUES
         ('Publicada de Adela', 'publicada-de-adela', 'Sigue en el sitio.', 'published', $1, $2, $3, 1),
         ('Pendiente de Adela', 'pendiente-de-adela', 'Borrador.', 'pending', $1, $2, $4, 0),
         ('Rechazada de Adela', 'rechazada-de-adela', 'Borrador.', 'rejected', $1, $2, NULL, 0),
         ('De otra persona', 'de-otra-persona', 'No es suya.', 'published', $5, 'Sigue Aquí', NULL, 1)
       RETURNING id, status`,
      [id, name, keys.publishedImage, keys.draftImage, other.id],
    );
    const published = tools[0]!.id;
    const othersTool = tools[3]!.id;
    await pool.query('INSERT INTO saved_posts (user_id, post_id) VALUES ($1, $2), ($3, $4)', [id, othersTool, other.id, published]);
    await pool.query(
      `INSERT INTO image_generation_history (user_id, prompt, model_used, image_url, width, height, is_saved) VALUES ($1, 'un faro', 'flux', $2, 8, 8, true),
              ($3, 'otro faro', 'flux', $4, 8, 8, false)`,
      [id, keys.image, other.id, keys.othersImage],
    );
    await pool.query(`INSERT INTO saved_generated_images (user_id, image_history_id) SELECT user_id, id FROM image_generation_history WHERE user_id = $1`, [
      id,
    ]);
    await pool.query(
      `INSERT INTO generated_image_descriptions (user_id, image_url, generated_description) VALUES ($1, 'https://ejemplo.es/a.jpg', '<p>Hola</p>')`,
      [id],
    );
    await pool.query(`INSERT INTO saved_image_descriptions (user_id, description_id) SELECT user_id, id FROM generated_image_descriptions WHERE user_id = $1`, [
      id,
    ]);
    await pool.query(`INSERT INTO generated_stories (user_id, title, prompt, content) VALUES ($1, 'Cuento', 'una idea', 'Érase una vez')`, [id]);
    await pool.query(`INSERT INTO post_views (post_id, user_id, session_id, visitor_type) VALUES ($1, $2, 'session_1_a', 'registered')`, [othersTool, id]);
    await pool.query(`INSERT INTO post_clicks (post_id, user_id, session_id) VALUES ($1, $2, 'session_1_a')`, [othersTool, id]);
    await pool.query(`INSERT INTO ai_usage (utility, user_id) VALUES ('images', $1)`, [id]);
    await pool.query(`INSERT INTO rate_limit_buckets (key, count, reset_at) VALUES ($1, 1, now() + interval '1 hour')`, [`saves:user:${id}`]);
    await post('request-password-reset', { email, redirectTo: PASSWORD_RESET_PATH });
    const version = async () => Number((await pool.query<{ last_value: string }>('SELECT last_value FROM content_version_seq')).rows[0]!.last_value);
    const versionBefore = await version();

    expect((await post('delete-user', {}, cookie)).data?.message).toBe('Escribe tu contraseña para confirmar');
    expect((await post('delete-user', { password: 'incorrecta' }, cookie)).data?.code).toBe('INVALID_PASSWORD');
    expect((await post('delete-user', { password: PASSWORD })).status).toBe(401);
    expect(await profileRow(id)).toBeDefined();

    const deleted = await post('delete-user', { password: PASSWORD }, cookie);
    expect(deleted).toMatchObject({ status: 200, data: { success: true } });
    expect(deleted.cookie).toMatch(/session_token=(;|$)/);
    expect(await sessionOf(cookie)).toBeNull();

    // The published tool stays, signed by the site; drafts are gone; the other user's things are untouched.
    const { rows: left } = await pool.query('SELECT title, status, user_id, author, image_url, saved_count FROM posts ORDER BY title');
    expect(left).toEqual([
      { title: 'De otra persona', status: 'published', user_id: other.id, author: 'Sigue Aquí', image_url: null, saved_count: 0 },
      { title: 'Publicada de Adela', status: 'published', user_id: null, author: null, image_url: keys.publishedImage, saved_count: 1 },
    ]);
    expect(await version()).toBeGreaterThan(versionBefore);
    const files = await readdir(path.join(root, 'uploads'), { recursive: true });
    const stored = (key: string) => files.includes(key);
    expect([keys.avatar, keys.image, keys.draftImage].filter(stored)).toEqual([]);
    expect([keys.publishedImage, keys.othersImage].every(stored)).toBe(true);
    const { rows: counts } = await pool.query(
      `SELECT (SELECT count(*)::int FROM post_views WHERE user_id IS NULL) AS anonymous_views,
              (SELECT count(*)::int FROM post_clicks WHERE user_id IS NULL) AS anonymous_clicks,
              (SELECT count(*)::int FROM ai_usage WHERE user_id IS NULL) AS anonymous_usage,
              (SELECT count(*)::int FROM image_generation_history) AS images,
              (SELECT count(*)::int FROM saved_posts) AS saves`,
    );
    expect(counts[0]).toEqual({ anonymous_views: 1, anonymous_clicks: 1, anonymous_usage: 1, images: 1, saves: 1 });

    // No row of any table still holds the id, the e-mail, the name or the bio.
    const { rows: tables } = await pool.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    for (const { table_name: table } of tables) {
      const { rows } = await pool.query(
        `SELECT count(*)::int AS found FROM public."${table}" t
          WHERE strpos(row_to_json(t)::text, $1) > 0 OR strpos(lower(row_to_json(t)::text), $2) > 0
             OR strpos(row_to_json(t)::text, $3) > 0 OR strpos(row_to_json(t)::text, 'Bio de Adela') > 0`,
        [id, email, name],
      );
      expect(rows[0].found, `public.${table}`).toBe(0);
    }

    // The address is free again.
    const again = await verifiedUser(email, 'Adela Vuelve');
    expect(again.id).not.toBe(id);
  });
});
