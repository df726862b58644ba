/**
 * Accounts: better-auth with e-mail + password and, when configured, Google, on our own tables (profiles is the
 * user table), sessions in the database, verification e-mail, roles (user and admin) and per-IP rate limits in PostgreSQL.
 */
import { drizzleAdapter } from '@better-auth/drizzle-adapter';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { ERROR_TABLE } from '../../lib/error-table.ts';
import { z } from '../../lib/zod.ts';
import {
  deleteAccountSchema,
  emailChangeSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordChangeFields,
  passwordResetFields,
  PASSWORD_MIN_LENGTH,
  profileUpdate,
  registerFields,
  SPANISH_MESSAGE_CODE,
} from '../../lib/auth-forms.ts';
import { deleteAccountFiles, deleteAccountRows, type AccountFiles } from './account-deletion.ts';
import { avatarUrlFor } from './avatar-url.ts';
import { getDb, getPool, type Database } from '../db/client.ts';
import { accounts, profiles, sessions, verifications } from '../db/schema.ts';
import { createMailer, type SendMail } from '../email/mailer.ts';
import { emailChangeNoticeEmail, emailChangeVerificationEmail, existingAccountEmail, passwordResetEmail, verificationEmail } from '../email/templates.ts';
import { serverEnv, trustedOrigins, type ServerEnv } from '../env.ts';
import type { StorageDriver } from '../storage/driver.ts';
import { storedKeyOf } from '../storage/references.ts';
import { getStorage } from '../storage/storage.ts';
import { authLog } from './auth-log.ts';
import { profileName, roleForEmail } from './profile-rules.ts';
import { databaseRateLimitStorage } from './rate-limit-storage.ts';
import { siteSecret } from './secret.ts';

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
  /** Trying tokens from a reset link: a person needs one or two. */
  passwordReset: { window: 3600, max: 10 },
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
  /** Where avatars and the files of deleted accounts live (the configured driver unless a test gives its own). */
  storage?: () => StorageDriver;
  /** Sign-in attempts per minute from one IP (AUTH_RATE_LIMIT_SIGN_IN); AUTH_RATE_LIMITS.signIn.max unless set. */
  signInLimit?: number | undefined;
  /** Sign-ups per hour from one IP (AUTH_RATE_LIMIT_SIGN_UP); AUTH_RATE_LIMITS.signUp.max unless set. */
  signUpLimit?: number | undefined;
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

function validate<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new APIError('BAD_REQUEST', { message: result.error.issues[0]!.message, code: SPANISH_MESSAGE_CODE });
  return result.data;
}

/** The routes whose body is checked against a form's schema before better-auth reads it. */
const BODY_SCHEMAS: Record<string, z.ZodType> = {
  '/sign-up/email': registerFields,
  '/sign-in/email': loginSchema,
  '/change-email': emailChangeSchema.extend({ callbackURL: z.string().max(512).optional() }),
  '/change-password': passwordChangeFields.extend({ revokeOtherSessions: z.boolean().optional() }),
  '/request-password-reset': forgotPasswordSchema.extend({ redirectTo: z.string().max(512).optional() }),
  '/reset-password': passwordResetFields,
};

export function createAuth(options: AuthOptions) {
  const { db, pool, sendMail, siteName } = options;
  const site = new URL(options.siteUrl);
  const google = googleProvider(options.google);
  const storage = options.storage ?? getStorage;
  // Files of an account being deleted, from its rows' deletion (before) to the files' (after).
  const filesOfDeletedAccounts = new Map<string, AccountFiles>();
  /**
   * better-auth would store any `image` a sign-up (or a provider) sends as the avatar, and the avatar's file is
   * deleted with it: one of our stored files is an avatar only through /api/me/avatar, which writes the profile
   * itself. A provider's picture (a web address elsewhere) is kept as it is.
   */
  const refuseStoredImage = (image: unknown) => {
    if (typeof image === 'string' && storedKeyOf(image, { storage: storage(), origins: options.trustedOrigins }))
      throw new APIError('FORBIDDEN', { message: ERROR_TABLE.file_not_yours.message, code: SPANISH_MESSAGE_CODE });
  };
  return betterAuth({
    appName: siteName,
    baseURL: site.origin,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    telemetry: { enabled: false },
    logger: { log: authLog },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: profiles, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      fields: { image: 'avatarUrl' },
      additionalFields: {
        role: { type: ['user', 'admin'], required: false, defaultValue: 'user', input: false },
        isActive: { type: 'boolean', required: false, defaultValue: true, input: false },
        bio: { type: 'string', required: false, input: true },
      },
      // The new address must be verified: the change happens when the link sent to it is opened.
      changeEmail: { enabled: true },
      deleteUser: {
        enabled: true,
        // One transaction removes every private row (the profile included); better-auth then finds nothing left.
        beforeDelete: async (user) => {
          filesOfDeletedAccounts.set(user.id, await deleteAccountRows(pool, user.id));
        },
        afterDelete: async (user) => {
          const keys = filesOfDeletedAccounts.get(user.id) ?? [];
          filesOfDeletedAccounts.delete(user.id);
          await deleteAccountFiles(pool, storage(), user.id, keys);
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: 3600,
      // Whoever knew the old password is signed out everywhere once a new one is chosen.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await sendMail(passwordResetEmail({ to: user.email, name: user.name, url, siteName }));
      },
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
        // An e-mail change sends the link to the new address, while the profile still holds the old one.
        const [stored] = await db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, user.id));
        if (stored && stored.email.toLowerCase() !== user.email.toLowerCase()) {
          await sendMail(emailChangeVerificationEmail({ to: user.email, name: user.name, url, siteName }));
          await sendMail(
            emailChangeNoticeEmail({ to: stored.email, name: user.name, newEmail: user.email, profileUrl: `${site.origin}/dashboard/profile`, siteName }),
          );
          return;
        }
        await sendMail(verificationEmail({ to: user.email, name: user.name, url, siteName }));
      },
    },
    rateLimit: {
      enabled: true,
      customStorage: databaseRateLimitStorage(options.pool),
      customRules: {
        '/sign-in/*': { window: AUTH_RATE_LIMITS.signIn.window, max: options.signInLimit ?? AUTH_RATE_LIMITS.signIn.max },
        '/sign-up/*': { window: AUTH_RATE_LIMITS.signUp.window, max: options.signUpLimit ?? AUTH_RATE_LIMITS.signUp.max },
        '/send-verification-email': AUTH_RATE_LIMITS.mail,
        '/request-password-reset': AUTH_RATE_LIMITS.mail,
        '/change-email': AUTH_RATE_LIMITS.mail,
        '/update-user': AUTH_RATE_LIMITS.profile,
        '/change-password': AUTH_RATE_LIMITS.profile,
        '/delete-user': AUTH_RATE_LIMITS.profile,
        '/reset-password': AUTH_RATE_LIMITS.passwordReset,
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
          before: async (user) => {
            refuseStoredImage(user.image);
            return {
              data: { ...user, name: profileName(user.name, user.email), role: roleForEmail(user.email, options.adminEmail), isActive: true },
            };
          },
        },
        update: {
          before: async (user) => {
            refuseStoredImage(user.image);
          },
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
        const schema = BODY_SCHEMAS[ctx.path];
        if (schema) validate(schema, ctx.body);
        // Trimmed name and bio are what gets stored.
        if (ctx.path === '/update-user') return { context: { body: validate(profileUpdate, ctx.body) } };
        // Here, not only in the user hook: better-auth answers a refusal inside sign-up as a feigned success.
        if (ctx.path === '/sign-up/email') refuseStoredImage((ctx.body as { image?: unknown } | undefined)?.image);
        // README promises that a new password closes every other session: it does, whatever the body asks for.
        if (ctx.path === '/change-password') return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
        if (ctx.path === '/delete-user') await requirePasswordToDelete(ctx);
        return undefined;
      }),
      // The session carries avatar_url as stored (a storage key): browsers get the address to load it from.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/get-session') return undefined;
        const returned = ctx.context.returned as { user?: { image?: string | null } } | null | undefined;
        if (!returned?.user?.image) return undefined;
        return ctx.json({ ...returned, user: { ...returned.user, image: avatarUrlFor(storage(), returned.user.image) } });
      }),
    },
  });
}

/**
 * An account with a password must type it to be deleted (better-auth alone would accept a recent session);
 * one that only signs in with Google has none, and better-auth then asks for a session opened in the last day.
 */
async function requirePasswordToDelete(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]): Promise<void> {
  const body = (ctx.body ?? {}) as { password?: unknown; token?: unknown };
  if (body.token !== undefined) throw new APIError('BAD_REQUEST', { message: 'Escribe tu contraseña para confirmar', code: SPANISH_MESSAGE_CODE });
  if (body.password !== undefined) {
    validate(deleteAccountSchema, body);
    return;
  }
  const session = await getSessionFromCtx(ctx);
  if (!session) return;
  const credential = await ctx.context.internalAdapter.findCredentialAccount(session.user.id);
  if (credential?.password) throw new APIError('BAD_REQUEST', { message: 'Escribe tu contraseña para confirmar', code: SPANISH_MESSAGE_CODE });
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
      secret: siteSecret(),
      siteUrl: env.SITE_URL,
      trustedOrigins: trustedOrigins(env),
      siteName: env.SITE_NAME,
      adminEmail: env.ADMIN_EMAIL,
      signInLimit: env.AUTH_RATE_LIMIT_SIGN_IN,
      signUpLimit: env.AUTH_RATE_LIMIT_SIGN_UP,
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
