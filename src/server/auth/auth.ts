/**
 * Accounts: better-auth with e-mail + password and, when configured, Google, on our own tables (profiles is the
 * user table), sessions in the database, verification e-mail, SPEC §6 roles and per-IP rate limits in PostgreSQL.
 */
import { drizzleAdapter } from '@better-auth/drizzle-adapter';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { ERROR_TABLE } from '../../lib/error-table.ts';
import type { z } from '../../lib/zod.ts';
import { loginSchema, PASSWORD_MIN_LENGTH, profileUpdate, registerFields, SPANISH_MESSAGE_CODE } from '../../features/auth/auth-forms.ts';
import { getDb, getPool, type Database } from '../db/client.ts';
import { accounts, profiles, sessions, verifications } from '../db/schema.ts';
import { createMailer, type SendMail } from '../email/mailer.ts';
import { existingAccountEmail, verificationEmail } from '../email/templates.ts';
import { serverEnv, trustedOrigins, type ServerEnv } from '../env.ts';
import { profileName, roleForEmail } from './profile-rules.ts';
import { databaseRateLimitStorage } from './rate-limit-storage.ts';
import { resolveAuthSecret } from './secret.ts';

/** Set by our auth route from the connection's address, replacing whatever the client sent. */
export const CLIENT_IP_HEADER = 'x-brujula-client-ip';

export const ACCOUNT_DISABLED_MESSAGE = ERROR_TABLE.account_disabled.message;

/** Attempts per IP: sign-in and sign-up are the brute-force and spam targets. */
export const AUTH_RATE_LIMITS = {
  signIn: { window: 60, max: 10 },
  signUp: { window: 3600, max: 10 },
  /** Each of these sends an e-mail: a few an hour is all a person needs. */
  mail: { window: 3600, max: 5 },
  profile: { window: 60, max: 10 },
} as const;

export interface GoogleSignIn {
  clientId: string;
  clientSecret: string;
  /** An OpenID Connect issuer standing in for Google (tests, self-hosted identity servers); unset means Google itself. */
  issuer?: string | undefined;
}

export interface AuthOptions {
  db: Database;
  pool: pg.Pool;
  secret: string;
  siteUrl: string;
  /** Origins allowed to call the auth routes from a browser (SITE_URL's, or the local addresses without it). */
  trustedOrigins: string[];
  siteName: string;
  adminEmail: string | undefined;
  sendMail: SendMail;
  google?: GoogleSignIn | undefined;
}

/**
 * The "google" provider. Google's own endpoints are fixed inside better-auth, so a stand-in issuer goes through the
 * generic OIDC plugin under the same provider id: same sign-in call, callback path and account rows.
 */
function googleProvider(google: GoogleSignIn | undefined) {
  if (!google) return { socialProviders: {}, plugins: [] };
  const { clientId, clientSecret, issuer } = google;
  if (!issuer) return { socialProviders: { google: { clientId, clientSecret, prompt: 'select_account' as const } }, plugins: [] };
  const discoveryUrl = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  return {
    socialProviders: {},
    plugins: [
      genericOAuth({ config: [{ providerId: 'google', name: 'Google', clientId, clientSecret, discoveryUrl, scopes: ['openid', 'email', 'profile'] }] }),
    ],
  };
}

export function googleSettings(env: ServerEnv): GoogleSignIn | undefined {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret, GOOGLE_OAUTH_ISSUER: issuer } = env;
  return clientId && clientSecret ? { clientId, clientSecret, issuer } : undefined;
}

function validate(schema: z.ZodType, body: unknown): void {
  const result = schema.safeParse(body);
  if (!result.success) throw new APIError('BAD_REQUEST', { message: result.error.issues[0]!.message, code: SPANISH_MESSAGE_CODE });
}

export function createAuth(options: AuthOptions) {
  const { db, sendMail, siteName } = options;
  const site = new URL(options.siteUrl);
  const google = googleProvider(options.google);
  return betterAuth({
    appName: siteName,
    baseURL: site.origin,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: profiles, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      fields: { image: 'avatarUrl' },
      additionalFields: {
        role: { type: ['user', 'admin'], required: false, defaultValue: 'user', input: false },
        isActive: { type: 'boolean', required: false, defaultValue: true, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      autoSignIn: false,
      // better-auth answers a duplicate sign-up like a new one (no account enumeration): the owner is told instead.
      onExistingUserSignUp: async ({ user }) => {
        await sendMail(existingAccountEmail({ to: user.email, name: user.name, loginUrl: `${site.origin}/login`, siteName }));
      },
    },
    socialProviders: google.socialProviders,
    plugins: google.plugins,
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, url }) => {
        await sendMail(verificationEmail({ to: user.email, name: user.name, url, siteName }));
      },
    },
    rateLimit: {
      enabled: true,
      customStorage: databaseRateLimitStorage(options.pool),
      customRules: {
        '/sign-in/*': AUTH_RATE_LIMITS.signIn,
        '/sign-up/*': AUTH_RATE_LIMITS.signUp,
        '/send-verification-email': AUTH_RATE_LIMITS.mail,
        '/request-password-reset': AUTH_RATE_LIMITS.mail,
        '/change-email': AUTH_RATE_LIMITS.mail,
        '/update-user': AUTH_RATE_LIMITS.profile,
        '/change-password': AUTH_RATE_LIMITS.profile,
        // Every page load of a signed-in visitor asks for the session: not worth a write.
        '/get-session': false,
      },
    },
    advanced: {
      useSecureCookies: site.protocol === 'https:',
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: { ...user, name: profileName(user.name, user.email), role: roleForEmail(user.email, options.adminEmail), isActive: true },
          }),
        },
      },
      session: {
        create: {
          before: async (session) => {
            const [profile] = await db.select({ isActive: profiles.isActive }).from(profiles).where(eq(profiles.id, session.userId));
            if (!profile?.isActive) throw new APIError('FORBIDDEN', { message: ACCOUNT_DISABLED_MESSAGE, code: SPANISH_MESSAGE_CODE });
          },
        },
      },
    },
    hooks: {
      // The same schemas as the forms: the server never trusts the browser's validation.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') validate(registerFields, ctx.body);
        if (ctx.path === '/sign-in/email') validate(loginSchema, ctx.body);
        if (ctx.path === '/update-user') validate(profileUpdate, ctx.body);
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

let instance: Auth | undefined;

/** The process's auth instance, created on first use so that importing this module costs nothing at build time. */
export function getAuth(): Auth {
  if (!instance) {
    const env = serverEnv();
    instance = createAuth({
      db: getDb(),
      pool: getPool(),
      secret: resolveAuthSecret({
        secret: env.BETTER_AUTH_SECRET,
        dataDir: env.DATA_DIR,
        local: process.env.EMBEDDED_DATABASE === '1' || process.env.NODE_ENV === 'development',
      }),
      siteUrl: env.SITE_URL,
      trustedOrigins: trustedOrigins(env),
      siteName: env.SITE_NAME,
      adminEmail: env.ADMIN_EMAIL,
      google: googleSettings(env),
      sendMail: createMailer({
        smtpUrl: env.SMTP_URL,
        from: env.MAIL_FROM ?? `${env.SITE_NAME} <no-responder@${new URL(env.SITE_URL).hostname}>`,
        dataDir: env.DATA_DIR,
      }),
    });
  }
  return instance;
}

/** What pages and endpoints need to know about the signed-in visitor. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'admin';
  avatarUrl: string | null;
}

/** The visitor's session, or null when signed out or deactivated. */
export async function readSession(headers: Headers, auth: Auth = getAuth()): Promise<{ user: SessionUser; session: { id: string; expiresAt: Date } } | null> {
  const result = await auth.api.getSession({ headers });
  if (!result || !result.user.isActive) return null;
  const { user, session } = result;
  return {
    user: { id: user.id, name: user.name, email: user.email, role: user.role === 'admin' ? 'admin' : 'user', avatarUrl: user.image ?? null },
    session: { id: session.id, expiresAt: session.expiresAt },
  };
}
