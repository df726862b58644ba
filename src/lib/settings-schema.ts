/**
 * The site settings an admin changes in /admin/configuracion, stored in site_settings (one row per group) and
 * read with defaults: anything not stored falls back to the environment (README «Configuración»), so a new
 * site needs no row at all. Shared by the settings form and the server.
 */
import { z } from './zod.ts';
import { adsSettingsSchema, type AdsSettings } from './ads/ads-config.ts';

export const AI_PROVIDER_NAMES = ['pollinations', 'openai-compatible', 'gemini'] as const;
export type AiProviderChoice = (typeof AI_PROVIDER_NAMES)[number];
export const AI_UTILITIES = ['images', 'descriptions', 'stories'] as const;
export type AiUtilityName = (typeof AI_UTILITIES)[number];

export const AI_UTILITY_LABELS: Record<AiUtilityName, string> = {
  images: 'Generador de imágenes',
  descriptions: 'Descripción de imágenes',
  stories: 'Generador de historias',
};

/** An empty text field means "use the environment's value". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || undefined)
    .optional();

export const siteIdentitySchema = z.object({
  name: optionalText(60),
  tagline: optionalText(200),
  contactEmail: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(z.email({ error: 'Escribe una dirección de correo válida.' }).optional())
    .optional(),
});
export type SiteIdentitySettings = z.output<typeof siteIdentitySchema>;

const perTenMinutes = z.coerce
  .number({ error: 'Escribe un número.' })
  .int({ error: 'Escribe un número entero.' })
  .min(1, { error: 'Debe ser al menos 1.' })
  .max(100_000, { error: 'Debe ser como mucho 100000.' });
/** An empty number field means "use the environment's value". */
const optionalLimit = z.preprocess((value) => (value === '' || value === null ? undefined : value), perTenMinutes.optional());

const utilityChoice = z.object({
  provider: z.preprocess((value) => (value === '' ? undefined : value), z.enum(AI_PROVIDER_NAMES).optional()),
  model: optionalText(120),
  visitorLimit: optionalLimit,
  ipLimit: optionalLimit,
});
export type AiUtilityChoice = z.output<typeof utilityChoice>;

export const aiSettingsSchema = z.object({
  images: utilityChoice.default({}),
  descriptions: utilityChoice.default({}),
  stories: utilityChoice.default({}),
});
export type AiSettings = z.output<typeof aiSettingsSchema>;

/** «Avisos de nuevas herramientas»: how the admins hear about tools to review and withdrawals. */
export const ADMIN_NOTICE_MODES = ['each', 'digest', 'none'] as const;
export type AdminNoticeMode = (typeof ADMIN_NOTICE_MODES)[number];

export const ADMIN_NOTICE_MODE_LABELS: Record<AdminNoticeMode, string> = {
  each: 'Cada una',
  digest: 'Resumen diario',
  none: 'Ninguno',
};

/** Canned rejection reasons: what a new site offers until an admin edits the list. */
export const DEFAULT_REJECTION_REASONS = [
  'Enlace roto o sitio caído',
  'No es una herramienta de IA',
  'Descripción insuficiente: cuenta qué hace la herramienta y para quién es',
  'Duplicada: la herramienta ya está en el directorio',
  'Falta la web oficial de la herramienta',
] as const;
/** Short enough to pick from a list; what reaches the author is capped like a typed reason (LIMITS.reviewNote). */
export const REJECTION_REASON_MAX = 200;
export const REJECTION_REASONS_MAX = 20;

/**
 * The list as the settings form sends it: one text per row, blank rows (the empty «Nuevo motivo» row) left out.
 * Checked as a whole so that the message sits beside the list and names the row.
 */
const rejectionReasons = z
  .array(z.string({ error: 'Escribe cada motivo como texto.' }), { error: 'Escribe los motivos como una lista.' })
  .transform((reasons) => reasons.map((reason) => reason.trim().replace(/\s+/g, ' ')).filter((reason) => reason !== ''))
  .superRefine((reasons, context) => {
    if (reasons.length > REJECTION_REASONS_MAX) {
      context.addIssue({ code: 'custom', message: `Como mucho ${REJECTION_REASONS_MAX} motivos.` });
      return;
    }
    const seen = new Set<string>();
    reasons.forEach((reason, index) => {
      if (reason.length > REJECTION_REASON_MAX)
        context.addIssue({ code: 'custom', message: `El motivo ${index + 1} supera ${REJECTION_REASON_MAX} caracteres.` });
      const key = reason.toLocaleLowerCase('es');
      if (seen.has(key)) context.addIssue({ code: 'custom', message: `El motivo ${index + 1} está repetido.` });
      seen.add(key);
    });
  });

export const moderationSettingsSchema = z.object({
  adminNotices: z.enum(ADMIN_NOTICE_MODES, { error: 'Elige cómo quieres recibir los avisos.' }).default('each'),
  // An emptied list stays empty: the default is only for a site that never saved one.
  rejectionReasons: rejectionReasons.default([...DEFAULT_REJECTION_REASONS]),
});
export type ModerationSettings = z.output<typeof moderationSettingsSchema>;

export interface SiteSettings {
  site: SiteIdentitySettings;
  ai: AiSettings;
  ads: AdsSettings;
  moderation: ModerationSettings;
}

export const SETTINGS_GROUPS = ['site', 'ai', 'ads', 'moderation'] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

export const SETTINGS_SCHEMAS = { site: siteIdentitySchema, ai: aiSettingsSchema, ads: adsSettingsSchema, moderation: moderationSettingsSchema } as const;

export const SETTINGS_GROUP_LABELS: Record<SettingsGroup, string> = {
  site: 'Identidad del sitio',
  ai: 'Utilidades de IA',
  ads: 'Anuncios y consentimiento',
  moderation: 'Avisos y moderación',
};
