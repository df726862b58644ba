/**
 * Streaming text through the AI SDK for every text provider, with our deadline between chunks and the
 * SDK's error parts, aborts and refusal finish reasons turned into AiProviderError kinds.
 */
import type { LanguageModel, ModelMessage } from 'ai';
import type { AiConfig, AiProviderName } from './config.ts';
import { Deadline } from './deadline.ts';
import { toAiError } from './errors.ts';
import { AiProviderError } from './types.ts';

/** Below the guard's 180 s generation slot, so the slot is always freed by its own request. */
export const STREAM_TOTAL_MS = 170_000;

const REFUSAL_REASONS = /SAFETY|PROHIBITED|BLOCKLIST|SPII|content_filter/i;

/**
 * Pollinations' anonymous text endpoint is the whole URL …/openai rather than a base for /chat/completions,
 * so the SDK's request is sent to it directly.
 */
function legacyPollinationsFetch(textUrl: string): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return fetch(url === `${textUrl}/chat/completions` ? textUrl : input, init);
  };
}

/** The SDKs load on the first generation, and only the configured provider's: a cold server answers sooner. */
export async function languageModel(config: AiConfig, provider: AiProviderName, model: string): Promise<LanguageModel> {
  if (provider === 'gemini') {
    const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
    return createGoogleGenerativeAI({ apiKey: config.gemini.apiKey ?? '', baseURL: config.gemini.baseUrl })(model);
  }
  const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
  if (provider === 'openai-compatible') {
    return createOpenAICompatible({
      name: 'openai-compatible',
      baseURL: config.openaiCompatible.baseUrl ?? '',
      apiKey: config.openaiCompatible.apiKey ?? undefined,
    }).chatModel(model);
  }
  const { textUrl, apiKey } = config.pollinations;
  return createOpenAICompatible({
    name: 'pollinations',
    baseURL: textUrl,
    apiKey: apiKey ?? undefined,
    fetch: textUrl.endsWith('/openai') ? legacyPollinationsFetch(textUrl) : undefined,
  }).chatModel(model);
}

export interface TextCall {
  provider: string;
  model: () => Promise<LanguageModel>;
  instructions: string;
  messages: ModelMessage[];
  timeoutMs: number;
  maxOutputTokens?: number;
  signal?: AbortSignal;
}

export async function* streamModelText(call: TextCall): AsyncGenerator<string> {
  // Loaded before the deadline starts: the provider's time is what the timeout measures.
  const [{ streamText }, model] = await Promise.all([import('ai'), call.model()]);
  const deadline = new Deadline(call.timeoutMs, call.signal, STREAM_TOTAL_MS);
  let wrote = false;
  try {
    const result = streamText({
      model,
      instructions: call.instructions,
      messages: call.messages,
      maxOutputTokens: call.maxOutputTokens,
      // Never retried: a retry after the first chunk would repeat text the visitor already read.
      maxRetries: 0,
      abortSignal: deadline.signal,
      // The error parts below reach the caller as typed errors; the SDK's default would log each one again.
      onError: () => undefined,
    });
    for await (const part of result.stream) {
      switch (part.type) {
        case 'text-delta':
          if (part.text) {
            deadline.touch();
            wrote = true;
            yield part.text;
          }
          break;
        case 'error':
          throw part.error;
        case 'abort':
          throw deadline.signal.reason ?? new DOMException('abortado', 'AbortError');
        case 'finish':
          if (part.finishReason === 'content-filter' || REFUSAL_REASONS.test(part.rawFinishReason ?? '')) {
            throw new AiProviderError('content_refused', `${call.provider}: respuesta bloqueada (${part.rawFinishReason ?? part.finishReason})`);
          }
          if (part.finishReason === 'error') throw new AiProviderError('bad_response', `${call.provider}: la generación terminó con error`);
          break;
        default:
          break;
      }
    }
    if (!wrote) throw new AiProviderError('bad_response', `${call.provider}: respuesta vacía`);
  } catch (error) {
    throw toAiError(call.provider, error, deadline, call.signal);
  } finally {
    deadline.clear();
  }
}
