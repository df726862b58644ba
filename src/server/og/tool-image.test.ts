import { describe, expect, it } from 'vitest';
import { etagMatches, socialImageEtag, socialImageSlug } from './tool-image.ts';

describe('socialImageSlug', () => {
  it('reads the slug of a tool image address and nothing else', () => {
    expect(socialImageSlug('/og/chatgpt.png')).toBe('chatgpt');
    expect(socialImageSlug('/og/ultimate-skill-extractor-by-further.png')).toBe('ultimate-skill-extractor-by-further');
    for (const other of [
      '/og/ChatGPT.png',
      '/og/chat_gpt.png',
      '/og/-x.png',
      '/og/a/b.png',
      '/og/chatgpt.jpg',
      '/og/.png',
      '/chatgpt.png',
      '/og/chatgpt.png/',
    ]) {
      expect(socialImageSlug(other), other).toBeNull();
    }
    expect(socialImageSlug(`/og/${'a'.repeat(201)}.png`)).toBeNull();
  });
});

describe('social image ETag', () => {
  const etag = socialImageEtag('ab'.repeat(32));

  it('is a strong tag from the content key', () => {
    expect(etag).toBe(`"${'ab'.repeat(16)}"`);
    expect(socialImageEtag('cd'.repeat(32))).not.toBe(etag);
  });

  it('matches If-None-Match exactly, in a list, weak, or "*"', () => {
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`"otra", ${etag}`, etag)).toBe(true);
    expect(etagMatches(`W/${etag}`, etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches('"otra"', etag)).toBe(false);
    expect(etagMatches(etag.slice(1, -1), etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
    expect(etagMatches('', etag)).toBe(false);
  });
});
