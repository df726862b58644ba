/** The three image adapters: Pollinations by GET, OpenAI-compatible /images/generations, Gemini generateContent. */
import type { ImageModel } from '../../lib/ai-options.ts';
import { checkedImage, decodeBase64Image, fetchBody, fetchJson } from './http.ts';
import { AiProviderError, type GeneratedImage, type ImageGenerator, type ImageRequest } from './types.ts';

/** Pollinations has no model called stable-diffusion; turbo is its Stable Diffusion (SDXL Turbo) model. */
const POLLINATIONS_MODELS: Record<ImageModel, string> = { flux: 'flux', 'stable-diffusion': 'turbo' };

export function pollinationsImageGenerator(options: { imageUrl: string; apiKey: string | null; timeoutMs: number }): ImageGenerator {
  const provider = options.apiKey ? 'Pollinations (con clave)' : 'Pollinations';
  return {
    provider,
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const query = new URLSearchParams({
        width: String(request.width),
        height: String(request.height),
        seed: String(request.seed),
        model: POLLINATIONS_MODELS[request.model],
        nologo: 'true',
        enhance: 'true',
      });
      const url = `${options.imageUrl}/${encodeURIComponent(request.prompt)}?${query}`;
      const headers: Record<string, string> = { accept: 'image/*' };
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
      const { bytes } = await fetchBody(url, { headers }, { provider, timeoutMs: options.timeoutMs, signal: request.signal, retryOnce: true });
      return checkedImage(provider, bytes);
    },
  };
}

interface OpenAiImagesResponse {
  data?: Array<{ b64_json?: string; url?: string }>;
}

export function openAiCompatibleImageGenerator(options: { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number }): ImageGenerator {
  const provider = 'Servidor compatible con OpenAI';
  return {
    provider,
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
      const body: Record<string, unknown> = { model: options.model, prompt: request.prompt, n: 1, size: `${request.width}x${request.height}` };
      // gpt-image models always answer base64 and reject the parameter; DALL·E, LocalAI and vLLM need it.
      if (!options.model.startsWith('gpt-image')) body.response_format = 'b64_json';
      const call = { provider, timeoutMs: options.timeoutMs, signal: request.signal };
      const answer = (await fetchJson(
        `${options.baseUrl}/images/generations`,
        { method: 'POST', headers, body: JSON.stringify(body) },
        call,
      )) as OpenAiImagesResponse;
      const first = answer.data?.[0];
      if (first?.b64_json) return decodeBase64Image(provider, first.b64_json);
      // Some servers ignore response_format and answer with a short-lived link.
      if (first?.url && /^https?:\/\//.test(first.url)) return checkedImage(provider, (await fetchBody(first.url, {}, { ...call, retryOnce: true })).bytes);
      throw new AiProviderError('bad_response', `${provider}: respuesta sin imagen`);
    },
  };
}

interface GeminiResponse {
  promptFeedback?: { blockReason?: string };
  candidates?: Array<{ finishReason?: string; content?: { parts?: Array<{ inlineData?: { data?: string; mimeType?: string }; text?: string }> } }>;
}

const GEMINI_REFUSALS = /SAFETY|PROHIBITED|BLOCKLIST|SPII|RECITATION/;

/** Gemini takes an aspect ratio, not pixels: the closest one it supports. */
const GEMINI_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'];
export function closestAspectRatio(width: number, height: number): string {
  const target = Math.log(width / height);
  let best = GEMINI_RATIOS[0]!;
  for (const ratio of GEMINI_RATIOS) {
    const [w, h] = ratio.split(':').map(Number) as [number, number];
    const [bw, bh] = best.split(':').map(Number) as [number, number];
    if (Math.abs(Math.log(w / h) - target) < Math.abs(Math.log(bw / bh) - target)) best = ratio;
  }
  return best;
}

export function geminiImageGenerator(options: { baseUrl: string; apiKey: string; model: string; timeoutMs: number }): ImageGenerator {
  const provider = 'Google Gemini';
  return {
    provider,
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const body = {
        contents: [{ role: 'user', parts: [{ text: request.prompt }] }],
        generationConfig: {
          responseModalities: ['IMAGE'],
          seed: request.seed,
          imageConfig: { aspectRatio: closestAspectRatio(request.width, request.height) },
        },
      };
      const answer = (await fetchJson(
        `${options.baseUrl}/models/${encodeURIComponent(options.model)}:generateContent`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'x-goog-api-key': options.apiKey }, body: JSON.stringify(body) },
        { provider, timeoutMs: options.timeoutMs, signal: request.signal },
      )) as GeminiResponse;
      const blocked = answer.promptFeedback?.blockReason;
      if (blocked) throw new AiProviderError('content_refused', `${provider}: solicitud bloqueada (${blocked})`);
      const candidate = answer.candidates?.[0];
      const image = candidate?.content?.parts?.find((part) => part.inlineData?.data)?.inlineData?.data;
      if (image) return decodeBase64Image(provider, image);
      if (candidate?.finishReason && GEMINI_REFUSALS.test(candidate.finishReason)) {
        throw new AiProviderError('content_refused', `${provider}: imagen rechazada (${candidate.finishReason})`);
      }
      throw new AiProviderError('bad_response', `${provider}: respuesta sin imagen (${candidate?.finishReason ?? 'sin candidatos'})`);
    },
  };
}
