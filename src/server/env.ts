/** Server configuration read from the environment once, validated with zod. */
import { z } from '../lib/zod.ts';

const origin = z
  .url({ protocol: /^https?$/, error: 'debe ser una lista de orígenes separados por comas, por ejemplo https://www.ejemplo.es' })
  .transform((url) => new URL(url).origin);
/** Comma-separated values; blanks between commas are ignored. */
const list = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

const port = z.coerce.number().int().min(1).max(65535);
const aiProvider = z.enum(['pollinations', 'openai-compatible', 'gemini'], {
  error: 'debe ser pollinations, openai-compatible o gemini',
});
const baseUrl = z.url({ protocol: /^https?$/, error: 'debe ser una URL http:// o https://' });
const perTenMinutes = z.coerce.number().int().min(1).max(100_000);

const schema = z
  .object({
    DATABASE_URL: z.url({ error: 'DATABASE_URL debe ser una URL postgres:// válida' }).optional(),
    DATA_DIR: z.string().min(1).default('data'),
    BUILDS_DIR: z.string().min(1).default('builds'),
    PORT: port.default(4321),
    HOST: z.string().min(1).default('127.0.0.1'),
    EMBEDDED_DB_PORT: port.optional(),
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    // Unset: the address npm start prints (from HOST and PORT), so a new site works at once where it says it is.
    SITE_URL: z.url({ protocol: /^https?$/, error: 'SITE_URL debe ser una URL completa, por ejemplo https://www.ejemplo.es' }).optional(),
    // Other origins allowed to call the site's forms and endpoints (a second domain, a preview address).
    TRUSTED_ORIGINS: list(origin).default([]),
    // 'vercel' builds with the Vercel adapter (astro.config.mjs); there a new deployment rebuilds the site.
    DEPLOY_TARGET: z.enum(['vercel'], { error: 'DEPLOY_TARGET solo admite vercel (o vacía para Node)' }).optional(),
    CONTACT_EMAIL: z.email({ error: 'CONTACT_EMAIL debe ser una dirección de correo válida' }).default('hola@brujula-ia.es'),
    // TEST ONLY: host:port pairs on private addresses that safe-fetch may reach (the fake AI providers). Empty in production.
    SAFE_FETCH_ALLOW_HOSTS: list(z.string().regex(/^[^\s:/]+:\d{1,5}$/, { error: 'debe ser una lista host:puerto' })).default([]),
    SITE_NAME: z.string().min(1).default('Brújula IA'),
    // Sessions and verification links are signed with it; unset in embedded mode means one generated under DATA_DIR.
    BETTER_AUTH_SECRET: z.string().min(32, { error: 'BETTER_AUTH_SECRET debe tener al menos 32 caracteres (openssl rand -base64 32)' }).optional(),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'SMTP_URL debe ser una URL smtp:// o smtps://, por ejemplo smtps://usuario:clave@smtp.ejemplo.es' })
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    ADMIN_EMAIL: z.email({ error: 'ADMIN_EMAIL debe ser una dirección de correo válida' }).optional(),
    // Sign-in attempts per minute from one IP address (the brute-force guard; an office behind one address may need more).
    AUTH_RATE_LIMIT_SIGN_IN: z.coerce
      .number({ error: 'debe ser un número de intentos por minuto' })
      .int({ error: 'debe ser un número entero' })
      .min(1, { error: 'debe ser al menos 1' })
      .max(100_000, { error: 'debe ser como mucho 100000' })
      .optional(),
    // New accounts per hour from one IP address (a school or an office behind one address may need more).
    AUTH_RATE_LIMIT_SIGN_UP: z.coerce
      .number({ error: 'debe ser un número de registros por hora' })
      .int({ error: 'debe ser un número entero' })
      .min(1, { error: 'debe ser al menos 1' })
      .max(100_000, { error: 'debe ser como mucho 100000' })
      .optional(),
    // AI utilities: one provider and, optionally, one model per utility.
    AI_IMAGE_PROVIDER: aiProvider.default('pollinations'),
    AI_DESCRIPTION_PROVIDER: aiProvider.default('pollinations'),
    AI_STORY_PROVIDER: aiProvider.default('pollinations'),
    AI_IMAGE_MODEL: z.string().min(1).optional(),
    AI_DESCRIPTION_MODEL: z.string().min(1).optional(),
    AI_STORY_MODEL: z.string().min(1).optional(),
    AI_TIMEOUT_MS: z.coerce
      .number({ error: 'debe ser un número de milisegundos' })
      .int()
      .min(100, { error: 'debe ser al menos 100 ms' })
      .max(600_000, { error: 'debe ser como mucho 600000 ms' })
      .default(60_000),
    AI_RATE_LIMIT_VISITOR: perTenMinutes.optional(),
    AI_RATE_LIMIT_IP: perTenMinutes.optional(),
    POLLINATIONS_API_KEY: z.string().min(1).optional(),
    POLLINATIONS_IMAGE_URL: baseUrl.optional(),
    POLLINATIONS_TEXT_URL: baseUrl.optional(),
    OPENAI_COMPATIBLE_BASE_URL: baseUrl.optional(),
    OPENAI_COMPATIBLE_API_KEY: z.string().min(1).optional(),
    GEMINI_API_KEY: z.string().min(1).optional(),
    GEMINI_BASE_URL: baseUrl.optional(),
    // The ad network's loader; unset means Google AdSense's. Tests point it at a fake network on loopback.
    ADS_SCRIPT_URL: baseUrl.optional(),
    // Google sign-in is offered only when both are set (Google Cloud console, OAuth client of type "Web application").
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    // Tests and self-hosted identity servers only: an OpenID Connect issuer that stands in for Google's endpoints.
    GOOGLE_OAUTH_ISSUER: z
      .url({ protocol: /^https?$/, error: 'GOOGLE_OAUTH_ISSUER debe ser la URL de un emisor OpenID Connect, por ejemplo https://id.ejemplo.es' })
      .optional(),
    // Vercel: Project Settings → Git → Deploy Hooks. Called after every change to published content.
    VERCEL_DEPLOY_HOOK_URL: z
      .url({
        protocol: /^https?$/,
        error: 'VERCEL_DEPLOY_HOOK_URL debe ser la URL del deploy hook, por ejemplo https://api.vercel.com/v1/integrations/deploy/…',
      })
      .optional(),
    // Generated images and uploads (src/server/storage/): files under DATA_DIR/uploads, or Supabase Storage.
    STORAGE_DRIVER: z.enum(['local', 'supabase'], { error: 'debe ser local o supabase' }).default('local'),
    SUPABASE_URL: z
      .url({ protocol: /^https?$/, error: 'SUPABASE_URL debe ser la URL del proyecto de Supabase, por ejemplo https://abcdefgh.supabase.co' })
      .optional(),
    // Server only: it bypasses row-level security. Never exposed to the browser (tests/e2e/secrets.spec.ts checks).
    SUPABASE_SERVICE_ROLE_KEY: z.string().min(1).optional(),
    SUPABASE_STORAGE_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{2,62}$/, { error: 'SUPABASE_STORAGE_BUCKET debe ser un nombre de bucket en minúsculas (letras, números, - y _)' })
      .default('uploads'),
    // Supabase's image transformations (widths 600-1600) need a paid plan; false serves the original at every width.
    SUPABASE_IMAGE_TRANSFORMATIONS: z.stringbool({ error: 'SUPABASE_IMAGE_TRANSFORMATIONS debe ser true o false' }).default(true),
    // The background link checker and enrichment of listed tools (src/server/catalogue/jobs.ts); false turns it off.
    CATALOGUE_ENRICH: z.stringbool({ error: 'CATALOGUE_ENRICH debe ser true o false' }).default(true),
    // Daily copies of the embedded database into DATA_DIR/backups (src/server/backup/schedule.ts); false turns them off.
    BACKUP_AUTO: z.stringbool({ error: 'BACKUP_AUTO debe ser true o false' }).default(true),
    // Local time of the server (TZ) when the daily copy is made.
    BACKUP_TIME: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'BACKUP_TIME debe ser una hora HH:MM, por ejemplo 03:30' })
      .default('03:30'),
    BACKUP_KEEP: z.coerce
      .number({ error: 'BACKUP_KEEP debe ser un número de copias' })
      .int({ error: 'BACKUP_KEEP debe ser un número entero de copias' })
      .min(1, { error: 'BACKUP_KEEP debe ser al menos 1' })
      .max(365, { error: 'BACKUP_KEEP debe ser como mucho 365' })
      .default(7),
    // Days a good check of a tool's site lasts before it is checked again (a failing one is checked again after a day).
    CATALOGUE_RECHECK_DAYS: z.coerce
      .number({ error: 'CATALOGUE_RECHECK_DAYS debe ser un número de días' })
      .int({ error: 'CATALOGUE_RECHECK_DAYS debe ser un número entero de días' })
      .min(1, { error: 'CATALOGUE_RECHECK_DAYS debe ser al menos 1' })
      .max(365, { error: 'CATALOGUE_RECHECK_DAYS debe ser como mucho 365' })
      .default(7),
    // How many tools a build prerenders the page and the «Alternativas a…» page of, the first in editorial order; the
    // rest are rendered on demand at the same addresses (docs/decisions/015), so a build of 50,000 tools does not
    // write 100,000 pages that few visit.
    PRERENDERED_TOOLS: z.coerce
      .number({ error: 'PRERENDERED_TOOLS debe ser un número de herramientas' })
      .int({ error: 'PRERENDERED_TOOLS debe ser un número entero de herramientas' })
      .min(0, { error: 'PRERENDERED_TOOLS no puede ser negativo' })
      .max(1_000_000, { error: 'PRERENDERED_TOOLS debe ser como mucho 1000000' })
      .default(2_000),
  })
  .superRefine((env, context) => {
    const chosen = [env.AI_IMAGE_PROVIDER, env.AI_DESCRIPTION_PROVIDER, env.AI_STORY_PROVIDER];
    if (chosen.includes('openai-compatible') && !env.OPENAI_COMPATIBLE_BASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['OPENAI_COMPATIBLE_BASE_URL'],
        message: 'falta la URL del servidor compatible con OpenAI (por ejemplo https://api.openai.com/v1 o http://localhost:11434/v1)',
      });
    }
    if (chosen.includes('gemini') && !env.GEMINI_API_KEY) {
      context.addIssue({ code: 'custom', path: ['GEMINI_API_KEY'], message: 'falta la clave de Google Gemini (https://aistudio.google.com/apikey)' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      const missing = env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
      context.addIssue({ code: 'custom', path: [missing], message: 'el inicio de sesión con Google necesita GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET juntos' });
    }
    if (env.STORAGE_DRIVER === 'supabase' && !env.SUPABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['SUPABASE_URL'],
        message: 'STORAGE_DRIVER=supabase necesita la URL del proyecto de Supabase (por ejemplo https://abcdefgh.supabase.co)',
      });
    }
    if (env.STORAGE_DRIVER === 'supabase' && !env.SUPABASE_SERVICE_ROLE_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['SUPABASE_SERVICE_ROLE_KEY'],
        message: 'STORAGE_DRIVER=supabase necesita la clave service_role del proyecto (Supabase: Project Settings, API Keys)',
      });
    }
  });

type ParsedEnv = z.infer<typeof schema>;

/** The parsed environment with SITE_URL always set (derived from HOST and PORT when the owner left it empty). */
export type ServerEnv = Omit<ParsedEnv, 'SITE_URL'> & { SITE_URL: string; SITE_URL_FROM_ENV: boolean };

/** The address the server prints: HOST and PORT, with a wildcard host shown as localhost. */
export function localSiteUrl(env: Pick<ParsedEnv, 'HOST' | 'PORT'>): string {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  return `http://${host}:${env.PORT}`;
}

/**
 * Origins whose pages may call our forms and endpoints: SITE_URL's plus TRUSTED_ORIGINS. Without SITE_URL the
 * site answers at the printed address and at the loopback names of the same port, which all reach this machine.
 */
export function trustedOrigins(env: Pick<ServerEnv, 'SITE_URL' | 'SITE_URL_FROM_ENV' | 'TRUSTED_ORIGINS' | 'PORT'>): string[] {
  const own = [new URL(env.SITE_URL).origin];
  if (!env.SITE_URL_FROM_ENV) own.push(`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`, `http://[::1]:${env.PORT}`);
  return [...new Set([...own, ...env.TRUSTED_ORIGINS])];
}

/** Whether the site offers Google sign-in (the schema refuses one half of the OAuth client without the other). */
export function googleSignInEnabled(env: Pick<ServerEnv, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET'>): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

/** Parses process.env; throws one Spanish sentence naming the bad variable. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(`Configuración no válida en ${issue.path.join('.')}: ${issue.message}.`);
  }
  const { SITE_URL, ...parsed } = result.data;
  return { ...parsed, SITE_URL: (SITE_URL ?? localSiteUrl(parsed)).replace(/\/$/, ''), SITE_URL_FROM_ENV: SITE_URL !== undefined };
}

let processEnv: ServerEnv | undefined;

/** This process's configuration, parsed on first use and then kept: every module reads it from here. */
export function serverEnv(): ServerEnv {
  processEnv ??= readEnv();
  return processEnv;
}

/** An error whose message is a complete instruction for the site owner: printed alone, without a stack. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
