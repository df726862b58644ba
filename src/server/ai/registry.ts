/**
 * The single place pages and endpoints get an AI utility from. Configuration (config.ts) picks the provider
 * per utility; callers only see our interfaces from types.ts.
 */
import { AI_PROVIDER_LABELS, aiConfig, type AiConfig, type AiProviderName } from './config.ts';
import { geminiImageGenerator, openAiCompatibleImageGenerator, pollinationsImageGenerator } from './image-generators.ts';
import { DESCRIPTION_INSTRUCTIONS, descriptionUserText, STORY_INSTRUCTIONS, storyTokenBudget, storyUserText } from './prompts.ts';
import { languageModel, streamModelText } from './text-stream.ts';
import type { CompletionRequest, DescriptionRequest, ImageDescriber, ImageGenerator, StoryRequest, StoryWriter, TextCompleter } from './types.ts';

function providerLabel(config: AiConfig, provider: AiProviderName): string {
  if (provider === 'pollinations' && config.pollinations.apiKey) return 'Pollinations (con clave)';
  return AI_PROVIDER_LABELS[provider];
}

export function getImageGenerator(config: AiConfig = aiConfig()): ImageGenerator {
  const { provider, model } = config.image;
  if (provider === 'openai-compatible') {
    return openAiCompatibleImageGenerator({
      baseUrl: config.openaiCompatible.baseUrl!,
      apiKey: config.openaiCompatible.apiKey,
      model: model!,
      timeoutMs: config.timeoutMs,
    });
  }
  if (provider === 'gemini')
    return geminiImageGenerator({ baseUrl: config.gemini.baseUrl, apiKey: config.gemini.apiKey!, model: model!, timeoutMs: config.timeoutMs });
  return pollinationsImageGenerator({ imageUrl: config.pollinations.imageUrl, apiKey: config.pollinations.apiKey, timeoutMs: config.timeoutMs });
}

export function getImageDescriber(config: AiConfig = aiConfig()): ImageDescriber {
  const { provider, model } = config.description;
  const label = providerLabel(config, provider);
  return {
    provider: label,
    model,
    describe(request: DescriptionRequest) {
      return streamModelText({
        provider: label,
        model: () => languageModel(config, provider, model),
        instructions: DESCRIPTION_INSTRUCTIONS,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: descriptionUserText(request) },
              { type: 'file', data: request.image.bytes, mediaType: request.image.contentType },
            ],
          },
        ],
        timeoutMs: config.timeoutMs,
        maxOutputTokens: 1500,
        signal: request.signal,
      });
    },
  };
}

export function getStoryWriter(config: AiConfig = aiConfig()): StoryWriter {
  const { provider, model } = config.story;
  const label = providerLabel(config, provider);
  return {
    provider: label,
    model,
    write(request: StoryRequest) {
      return streamModelText({
        provider: label,
        model: () => languageModel(config, provider, model),
        instructions: STORY_INSTRUCTIONS,
        messages: [{ role: 'user', content: storyUserText(request) }],
        timeoutMs: config.timeoutMs,
        maxOutputTokens: storyTokenBudget(request.length),
        signal: request.signal,
      });
    },
  };
}

/**
 * Whole answers from the site's text model (the story generator's provider and model: the one text provider the
 * admin configures), for «Redactar con IA». The same streaming call, deadline and error kinds as the stories.
 */
export function getTextCompleter(config: AiConfig = aiConfig()): TextCompleter {
  const { provider, model } = config.story;
  const label = providerLabel(config, provider);
  return {
    provider: label,
    model,
    async complete(request: CompletionRequest) {
      let text = '';
      for await (const chunk of streamModelText({
        provider: label,
        model: () => languageModel(config, provider, model),
        instructions: request.instructions,
        messages: [{ role: 'user', content: request.text }],
        timeoutMs: config.timeoutMs,
        maxOutputTokens: request.maxOutputTokens,
        signal: request.signal,
      })) {
        text += chunk;
      }
      return text;
    },
  };
}

export interface ActiveAiProvider {
  utility: 'images' | 'descriptions' | 'stories';
  label: string;
  provider: string;
  /** null when the visitor picks the model (Pollinations images: flux or stable-diffusion). */
  model: string | null;
}

/** For display (/herramientas-ia-gratis, admin settings) and the build fingerprint: never includes keys. */
export function activeAiProviders(config: AiConfig = aiConfig()): ActiveAiProvider[] {
  return [
    { utility: 'images', label: 'Generador de imágenes', provider: providerLabel(config, config.image.provider), model: config.image.model },
    {
      utility: 'descriptions',
      label: 'Descripción de imágenes',
      provider: providerLabel(config, config.description.provider),
      model: config.description.model,
    },
    { utility: 'stories', label: 'Generador de historias', provider: providerLabel(config, config.story.provider), model: config.story.model },
  ];
}
