import { describe, expect, it } from 'vitest';
import { ConfigError, googleSignInEnabled, readEnv } from './env.ts';

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
});
