/**
 * storedKeyOf: every form a browser could load one of our files by is recognised as that file (so the ownership
 * rule sees it), resolved as the browser would; anything else is not ours.
 */
import { describe, expect, it } from 'vitest';
import { LocalStorage } from './local.ts';
import { storedKeyOf, storedKeysInHtml } from './references.ts';
import { SupabaseStorage } from './supabase.ts';

const origins = ['http://127.0.0.1:4321', 'https://brujula.example'];
const local = { storage: new LocalStorage('/tmp/no-se-usa'), origins };
const supabase = {
  storage: new SupabaseStorage({ url: 'https://proyecto.supabase.co', serviceKey: 'clave-de-prueba', bucket: 'media' }),
  origins,
};
const LOGO = 'logos/chatgpt-48ceb11103b3.png';

describe('storedKeyOf with the local driver', () => {
  it.each([
    [LOGO, LOGO],
    [`/media/${LOGO}`, LOGO],
    [`/media/${LOGO}?w=900`, LOGO],
    [`http://127.0.0.1:4321/media/${LOGO}`, LOGO],
    [`https://brujula.example/media/${LOGO}?w=600#x`, LOGO],
    // Resolved as a browser would: what is checked is what would be loaded.
    ['http://127.0.0.1:4321/media/generated/../logos/chatgpt-48ceb11103b3.png', LOGO],
    ['http://127.0.0.1:4321/media/generated/%2e%2e/logos/chatgpt-48ceb11103b3.png', LOGO],
    ['/media/generated/%2E%2E/logos/chatgpt-48ceb11103b3.png', LOGO],
    ['/me\tdia/logos/chatgpt-48ceb11103b3.png', LOGO],
    // The server serves these too (a host's trailing dot, repeated slashes, a trailing slash it redirects from).
    [`http://127.0.0.1:4321//media//${LOGO}`, LOGO],
    [`/media///${LOGO}`, LOGO],
    [`https://brujula.example./media/${LOGO}`, LOGO],
    [`http://127.0.0.1:4321/media/${LOGO}/`, LOGO],
  ])('%s names %s', (value, key) => {
    expect(storedKeyOf(value, local)).toBe(key);
  });

  it.each([
    '',
    'https://otra-web.example/media/logos/chatgpt-48ceb11103b3.png',
    '//otra-web.example/media/logos/chatgpt-48ceb11103b3.png',
    'https://proyecto.supabase.co/storage/v1/object/public/media/logos/chatgpt-48ceb11103b3.png',
    // An encoded slash or a NUL is not a key: the file system never sees such a name.
    '/media/generated%2flogos/chatgpt-48ceb11103b3.png',
    '/media/logos/chatgpt-48ceb11103b3.png%00.jpg',
    'logos/chatgpt-48ceb11103b3.png\u0000',
    '/media/../../etc/passwd',
  ])('%s names none of our files', (value) => {
    expect(storedKeyOf(value, local)).toBeNull();
  });
});

describe('storedKeyOf with Supabase Storage', () => {
  it('recognises the public object and render addresses, and keys', () => {
    expect(storedKeyOf(`https://proyecto.supabase.co/storage/v1/object/public/media/${LOGO}`, supabase)).toBe(LOGO);
    expect(storedKeyOf(`https://proyecto.supabase.co/storage/v1/render/image/public/media/${LOGO}?width=600&quality=85`, supabase)).toBe(LOGO);
    expect(storedKeyOf(LOGO, supabase)).toBe(LOGO);
    expect(storedKeyOf(`/media/${LOGO}`, supabase)).toBe(LOGO);
  });

  it('does not take another project or bucket for ours', () => {
    expect(storedKeyOf(`https://otro.supabase.co/storage/v1/object/public/media/${LOGO}`, supabase)).toBeNull();
    expect(storedKeyOf(`https://proyecto.supabase.co/storage/v1/object/public/otro/${LOGO}`, supabase)).toBeNull();
  });
});

describe('storedKeysInHtml', () => {
  it('reads the files an article shows, with entities decoded, once each', () => {
    const html = `<p>Hola</p><img src="/media/${LOGO}?w=900&amp;x=1"><img src="https://otra-web.example/a.jpg">
      <img src="http://127.0.0.1:4321/media/ana/1700000000000.jpg"><img src="/media/${LOGO}">`;
    expect(storedKeysInHtml(html, local)).toEqual([LOGO, 'ana/1700000000000.jpg']);
  });
});
