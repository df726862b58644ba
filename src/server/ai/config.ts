/**
 * Which provider and model serves each AI utility: the admin's choice in /admin/configuracion (site_settings)
 * over the environment (README «Utilidades de IA»). Keys and base URLs only ever come from the environment.
 * Defaults need no account: Pollinations' anonymous endpoints.
 */
import type { AiSettings, AiUtilityChoice } from '../../lib/settings-schema.ts';
import { serverEnv, type ServerEnv } from '../env.ts';
import { settingsSnapshot } from '../settings/site-settings.ts';

export type AiProviderName = 'pollinations' | 'openai-compatible' | 'gemini';

export const AI_PROVIDER_LABELS: Record<AiProviderName, string> = {
  pollinations: 'Pollinations',
  'openai-compatible': 'Servidor compatible con OpenAI',
  gemini: 'Google Gemini',
};

export interface AiConfig {
  image: { provider: AiProviderName; model: string | null };
  description: { provider: AiProviderName; model: string };
  story: { provider: AiProviderName; model: string };
  /** Longest wait for an answer, and for the next chunk once a stream has started. */
  timeoutMs: number;
  pollinations: { apiKey: string | null; imageUrl: string; textUrl: string };
  openaiCompatible: { baseUrl: string | null; apiKey: string | null };
  gemini: { apiKey: string | null; baseUrl: string };
}

/** Anonymous endpoints need no key; with POLLINATIONS_API_KEY the same calls go through the keyed gateway. */
const POLLINATIONS_ANONYMOUS = { image: 'https://image.pollinations.ai/prompt', text: 'https://text.pollinations.ai/openai' };
const POLLINATIONS_GATEWAY = { image: 'https://gen.pollinations.ai/image', text: 'https://gen.pollinations.ai/v1' };
const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta';

const DEFAULT_TEXT_MODELS: Record<AiProviderName, string> = {
  pollinations: 'openai',
  'openai-compatible': 'gpt-4o-mini',
  gemini: 'gemini-2.5-flash',
};
/** Pollinations takes the visitor's model choice (flux / stable-diffusion) instead of a configured one. */
const DEFAULT_IMAGE_MODELS: Record<AiProviderName, string | null> = {
  pollinations: null,
  'openai-compatible': 'gpt-image-1',
  gemini: 'gemini-2.5-flash-image',
};

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Whether the environment holds what a provider needs (its key or base URL): only then may the admin choose it. */
export function providerAvailable(provider: AiProviderName, env: Pick<ServerEnv, 'OPENAI_COMPATIBLE_BASE_URL' | 'GEMINI_API_KEY'>): boolean {
  if (provider === 'openai-compatible') return Boolean(env.OPENAI_COMPATIBLE_BASE_URL);
  if (provider === 'gemini') return Boolean(env.GEMINI_API_KEY);
  return true;
}

/** One utility's provider and model: the setting when its provider is usable here, else the environment's. */
function resolve(
  env: ServerEnv,
  choice: AiUtilityChoice | undefined,
  fallback: { provider: AiProviderName; model: string | undefined },
  defaults: Record<AiProviderName, string | null>,
): { provider: AiProviderName; model: string | null } {
  const provider = choice?.provider && providerAvailable(choice.provider, env) ? choice.provider : fallback.provider;
  // The environment's model belongs to the environment's provider; a different provider starts from its own default.
  const model = choice?.model ?? (provider === fallback.provider ? fallback.model : undefined) ?? defaults[provider];
  return { provider, model };
}

export function aiConfig(env: ServerEnv = serverEnv(), settings: AiSettings = settingsSnapshot().ai): AiConfig {
  const pollinationsKey = env.POLLINATIONS_API_KEY ?? null;
  const pollinationsDefaults = pollinationsKey ? POLLINATIONS_GATEWAY : POLLINATIONS_ANONYMOUS;
  const image = resolve(env, settings.images, { provider: env.AI_IMAGE_PROVIDER, model: env.AI_IMAGE_MODEL }, DEFAULT_IMAGE_MODELS);
  const description = resolve(env, settings.descriptions, { provider: env.AI_DESCRIPTION_PROVIDER, model: env.AI_DESCRIPTION_MODEL }, DEFAULT_TEXT_MODELS);
  const story = resolve(env, settings.stories, { provider: env.AI_STORY_PROVIDER, model: env.AI_STORY_MODEL }, DEFAULT_TEXT_MODELS);
  return {
    // Pollinations takes the visitor's flux / stable-diffusion choice: no configured image model there.
    image: { provider: image.provider, model: image.provider === 'pollinations' ? null : image.model },
    description: { provider: description.provider, model: description.model! },
    story: { provider: story.provider, model: story.model! },
    timeoutMs: env.AI_TIMEOUT_MS,
    pollinations: {
      apiKey: pollinationsKey,
      imageUrl: trimSlash(env.POLLINATIONS_IMAGE_URL ?? pollinationsDefaults.image),
      textUrl: trimSlash(env.POLLINATIONS_TEXT_URL ?? pollinationsDefaults.text),
    },
    openaiCompatible: {
      baseUrl: env.OPENAI_COMPATIBLE_BASE_URL ? trimSlash(env.OPENAI_COMPATIBLE_BASE_URL) : null,
      apiKey: env.OPENAI_COMPATIBLE_API_KEY ?? null,
    },
    gemini: { apiKey: env.GEMINI_API_KEY ?? null, baseUrl: trimSlash(env.GEMINI_BASE_URL ?? GEMINI_BASE_URL) },
  };
}
