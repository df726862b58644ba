/**
 * /admin/configuracion: the site settings, one group at a time. A change reaches pages rendered on demand within
 * seconds (src/server/settings/site-settings.ts); prerendered pages show the site's identity, the AI providers
 * and the ads, so changing those moves the content version in the same transaction and the rebuild watcher
 * rebuilds the site. The AI rate limits are read at request time and need no rebuild.
 */
import type pg from 'pg';
import { z } from '../../lib/zod.ts';
import { recordAdminAction } from '../../server/audit/audit-log.ts';
import { AI_PROVIDER_LABELS, providerAvailable } from '../../server/ai/config.ts';
import { AI_RATE_LIMITS } from '../../server/ai/guard.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { bumpContentVersion } from '../../server/build/fingerprint.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { serverEnv } from '../../server/env.ts';
import { AppError, endpoint, parseWith } from '../../server/http/endpoint.ts';
import { invalidateSettings, readSettings, writeSettingsGroup } from '../../server/settings/site-settings.ts';
import { DEFAULT_TAGLINE } from '../../server/site.ts';
import { assertAllowed, type AdminActor } from '../../server/admin/admin-queries.ts';
import {
  AI_PROVIDER_NAMES,
  AI_UTILITIES,
  SETTINGS_GROUP_LABELS,
  SETTINGS_GROUPS,
  SETTINGS_SCHEMAS,
  type AiSettings,
  type SettingsGroup,
  type SiteSettings,
} from '../../lib/settings-schema.ts';

/** What the environment provides when a setting is left empty: shown as placeholders, never a secret. */
export interface SettingsDefaults {
  siteName: string;
  tagline: string;
  contactEmail: string;
  ai: Record<(typeof AI_UTILITIES)[number], { provider: string; model: string | null; visitorLimit: number; ipLimit: number }>;
  /** Providers the environment has a key or base URL for: the only ones an admin may choose. */
  providers: { name: (typeof AI_PROVIDER_NAMES)[number]; label: string; available: boolean }[];
}

export function settingsDefaults(): SettingsDefaults {
  const env = serverEnv();
  const envModel = { images: env.AI_IMAGE_MODEL, descriptions: env.AI_DESCRIPTION_MODEL, stories: env.AI_STORY_MODEL };
  const envProvider = { images: env.AI_IMAGE_PROVIDER, descriptions: env.AI_DESCRIPTION_PROVIDER, stories: env.AI_STORY_PROVIDER };
  const ai = Object.fromEntries(
    AI_UTILITIES.map((utility) => [
      utility,
      {
        provider: AI_PROVIDER_LABELS[envProvider[utility]],
        model: envModel[utility] ?? null,
        visitorLimit: env.AI_RATE_LIMIT_VISITOR ?? AI_RATE_LIMITS[utility].visitor.max,
        ipLimit: env.AI_RATE_LIMIT_IP ?? AI_RATE_LIMITS[utility].ip.max,
      },
    ]),
  ) as SettingsDefaults['ai'];
  return {
    siteName: env.SITE_NAME,
    tagline: DEFAULT_TAGLINE,
    contactEmail: env.CONTACT_EMAIL,
    ai,
    providers: AI_PROVIDER_NAMES.map((name) => ({ name, label: AI_PROVIDER_LABELS[name], available: providerAvailable(name, env) })),
  };
}

export async function readSettingsForAdmin(actor: Pick<SessionUser, 'role'> | null): Promise<{ settings: SiteSettings; defaults: SettingsDefaults }> {
  assertAllowed(actor, 'manage:settings:any');
  return { settings: await readSettings(), defaults: settingsDefaults() };
}

/** Whether a change of this group alters prerendered pages (and so calls for a rebuild). */
export function needsRebuild<G extends SettingsGroup>(group: G, before: SiteSettings[G], after: SiteSettings[G]): boolean {
  // The moderation group is read by the server when a notice is due; no page shows it.
  if (group === 'moderation') return false;
  if (group !== 'ai') return JSON.stringify(before) !== JSON.stringify(after);
  // Only the provider and model show on /herramientas-ia-gratis; the limits are read per request.
  const shown = (settings: AiSettings) => AI_UTILITIES.map((utility) => [settings[utility].provider ?? null, settings[utility].model ?? null]);
  return JSON.stringify(shown(before as AiSettings)) !== JSON.stringify(shown(after as AiSettings));
}

/** Keys never leave the environment: a provider is only selectable when the environment can serve it. */
function assertProvidersAvailable(settings: AiSettings): void {
  const env = serverEnv();
  const fields: Record<string, string> = {};
  for (const utility of AI_UTILITIES) {
    const provider = settings[utility].provider;
    if (provider && !providerAvailable(provider, env)) {
      fields[`${utility}.provider`] =
        provider === 'gemini'
          ? 'Google Gemini necesita GEMINI_API_KEY en el entorno del servidor.'
          : 'El servidor compatible con OpenAI necesita OPENAI_COMPATIBLE_BASE_URL en el entorno del servidor.';
    }
  }
  const first = Object.values(fields)[0];
  if (first) throw new AppError('invalid_input', { message: first, fields });
}

export interface SettingsSaved {
  rebuild: boolean;
}

/** Validates and stores one group, audits it with before and after, and schedules a rebuild when built pages show it. */
export async function saveSettingsGroup(actor: AdminActor | null, group: SettingsGroup, input: unknown, pool?: pg.Pool): Promise<SettingsSaved> {
  assertAllowed(actor, 'manage:settings:any');
  const value = parseWith(SETTINGS_SCHEMAS[group], input) as SiteSettings[typeof group];
  if (group === 'ai') assertProvidersAvailable(value as AiSettings);
  const saved = await inTransaction(async (db) => {
    const before = await writeSettingsGroup(group, value, db);
    const rebuild = needsRebuild(group, before, value);
    // The content version moves with the change, so the watcher rebuilds and npm start sees a new fingerprint.
    if (rebuild) await bumpContentVersion(db);
    await recordAdminAction(
      actor,
      {
        action: 'settings.update',
        targetType: 'settings',
        targetId: group,
        summary: `Cambió la configuración: ${SETTINGS_GROUP_LABELS[group].toLowerCase()}${rebuild ? ' (reconstruye el sitio)' : ''}`,
        before,
        after: value,
      },
      db,
    );
    return { rebuild };
  }, pool);
  invalidateSettings();
  return saved;
}

/** PUT /api/admin/settings/{group}: the group's fields as JSON. */
export const saveSettingsEndpoint = endpoint({
  access: 'manage:settings:any',
  params: z.object({ group: z.enum(SETTINGS_GROUPS, { error: 'No se encontró lo que buscas.' }) }),
  body: { json: z.record(z.string(), z.unknown()), maxBytes: 32 * 1024 },
  limits: { name: 'admin-settings', user: { window: 60, max: 30 } },
  handle: async ({ user, params, body }) => saveSettingsGroup(user, params.group, body),
});
