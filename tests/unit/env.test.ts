import { describe, expect, it } from 'vitest';
import { ConfigError, googleSignInEnabled, readEnv } from '../../src/server/env.ts';

describe('readEnv', () => {
  it('applies defaults for the embedded setup', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ PORT: 4321, HOST: '127.0.0.1', DATA_DIR: 'data', BUILDS_DIR: 'builds' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(readEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(4321);
  });

  it('names the bad variable in one Spanish sentence', () => {
    expect(() => readEnv({ PORT: 'ochenta' })).toThrow(ConfigError);
    expect(() => readEnv({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => readEnv({ SITE_URL: 'mi-web' })).toThrow(/SITE_URL debe ser una URL completa/);
  });

  it('offers Google sign-in only with both halves of the OAuth client, and refuses one half alone', () => {
    expect(googleSignInEnabled(readEnv({}))).toBe(false);
    expect(googleSignInEnabled(readEnv({ GOOGLE_CLIENT_ID: 'id.apps', GOOGLE_CLIENT_SECRET: 'secreto' }))).toBe(true);
    expect(() => readEnv({ GOOGLE_CLIENT_ID: 'id.apps' })).toThrow(/GOOGLE_CLIENT_SECRET: el inicio de sesión con Google necesita/);
    expect(() => readEnv({ GOOGLE_CLIENT_SECRET: 'secreto' })).toThrow(/GOOGLE_CLIENT_ID/);
    expect(() => readEnv({ GOOGLE_OAUTH_ISSUER: 'ftp://id.ejemplo.es' })).toThrow(/GOOGLE_OAUTH_ISSUER/);
  });

  it('stores files locally by default; Supabase Storage needs its project URL and service key', () => {
    expect(readEnv({})).toMatchObject({ STORAGE_DRIVER: 'local', SUPABASE_STORAGE_BUCKET: 'uploads', SUPABASE_IMAGE_TRANSFORMATIONS: true });
    const supabase = { STORAGE_DRIVER: 'supabase', SUPABASE_URL: 'https://abcdefgh.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'clave' };
    expect(readEnv(supabase)).toMatchObject(supabase);
    expect(readEnv({ ...supabase, SUPABASE_STORAGE_BUCKET: 'imagenes', SUPABASE_IMAGE_TRANSFORMATIONS: 'false' })).toMatchObject({
      SUPABASE_STORAGE_BUCKET: 'imagenes',
      SUPABASE_IMAGE_TRANSFORMATIONS: false,
    });
    expect(() => readEnv({ STORAGE_DRIVER: 's3' })).toThrow('Configuración no válida en STORAGE_DRIVER: debe ser local o supabase.');
    expect(() => readEnv({ ...supabase, SUPABASE_URL: '' })).toThrow(
      'Configuración no válida en SUPABASE_URL: STORAGE_DRIVER=supabase necesita la URL del proyecto de Supabase (por ejemplo https://abcdefgh.supabase.co).',
    );
    expect(() => readEnv({ ...supabase, SUPABASE_SERVICE_ROLE_KEY: undefined })).toThrow(
      /^Configuración no válida en SUPABASE_SERVICE_ROLE_KEY: STORAGE_DRIVER=supabase necesita/,
    );
    expect(() => readEnv({ ...supabase, SUPABASE_URL: 'abcdefgh.supabase.co' })).toThrow(/SUPABASE_URL debe ser la URL del proyecto/);
    expect(() => readEnv({ ...supabase, SUPABASE_STORAGE_BUCKET: 'Mis Imágenes' })).toThrow(/SUPABASE_STORAGE_BUCKET/);
    expect(() => readEnv({ ...supabase, SUPABASE_IMAGE_TRANSFORMATIONS: 'quizá' })).toThrow(/SUPABASE_IMAGE_TRANSFORMATIONS debe ser true o false/);
  });
});
