import { describe, expect, it } from 'vitest';
import { ConfigError, googleSignInEnabled, readEnv, trustedOrigins } from './env.ts';

describe('readEnv', () => {
  it('applies defaults for the embedded setup', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ PORT: 4321, HOST: '127.0.0.1', DATA_DIR: 'data', BUILDS_DIR: 'builds' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('takes a daily backup at 03:30 keeping 7 by default, and refuses a malformed time or count', () => {
    expect(readEnv({})).toMatchObject({ BACKUP_AUTO: true, BACKUP_TIME: '03:30', BACKUP_KEEP: 7 });
    expect(readEnv({ BACKUP_AUTO: 'false', BACKUP_TIME: '23:05', BACKUP_KEEP: '30' })).toMatchObject({
      BACKUP_AUTO: false,
      BACKUP_TIME: '23:05',
      BACKUP_KEEP: 30,
    });
    expect(() => readEnv({ BACKUP_TIME: '24:00' })).toThrow(/BACKUP_TIME debe ser una hora HH:MM/);
    expect(() => readEnv({ BACKUP_TIME: '3:30' })).toThrow(/BACKUP_TIME/);
    expect(() => readEnv({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP debe ser al menos 1/);
  });

  it('prerenders 2,000 alternatives pages by default, any count from 0, and refuses a count that is not one', () => {
    expect(readEnv({}).PRERENDERED_TOOLS).toBe(2_000);
    expect(readEnv({ PRERENDERED_TOOLS: '0' }).PRERENDERED_TOOLS).toBe(0);
    expect(() => readEnv({ PRERENDERED_TOOLS: '-1' })).toThrow(/PRERENDERED_TOOLS no puede ser negativo/);
    expect(() => readEnv({ PRERENDERED_TOOLS: 'muchas' })).toThrow(/PRERENDERED_TOOLS debe ser un número/);
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

  it('reads the test-only SSRF exceptions as host:port pairs and refuses anything else', () => {
    expect(readEnv({}).SAFE_FETCH_ALLOW_HOSTS).toEqual([]);
    expect(readEnv({ SAFE_FETCH_ALLOW_HOSTS: '127.0.0.1:4417, localhost:4417' }).SAFE_FETCH_ALLOW_HOSTS).toEqual(['127.0.0.1:4417', 'localhost:4417']);
    expect(() => readEnv({ SAFE_FETCH_ALLOW_HOSTS: '127.0.0.1:4417,10.0.0.0/8' })).toThrow(/SAFE_FETCH_ALLOW_HOSTS/);
  });

  it('derives SITE_URL from HOST and PORT when it is not set, and trusts the loopback names of that port', () => {
    const local = readEnv({ PORT: '4400' });
    expect(local.SITE_URL).toBe('http://127.0.0.1:4400');
    expect(local.SITE_URL_FROM_ENV).toBe(false);
    expect(trustedOrigins(local)).toEqual(['http://127.0.0.1:4400', 'http://localhost:4400', 'http://[::1]:4400']);
    expect(readEnv({ HOST: '0.0.0.0', PORT: '8080' }).SITE_URL).toBe('http://localhost:8080');
    expect(readEnv({ HOST: '::1', PORT: '8080' }).SITE_URL).toBe('http://[::1]:8080');
  });

  it('trusts only SITE_URL and TRUSTED_ORIGINS when SITE_URL is set', () => {
    const env = readEnv({ SITE_URL: 'https://www.ejemplo.es/', TRUSTED_ORIGINS: 'https://ejemplo.es, https://previa.ejemplo.es/ruta' });
    expect(env.SITE_URL).toBe('https://www.ejemplo.es');
    expect(trustedOrigins(env)).toEqual(['https://www.ejemplo.es', 'https://ejemplo.es', 'https://previa.ejemplo.es']);
    expect(() => readEnv({ TRUSTED_ORIGINS: 'ejemplo.es' })).toThrow(/TRUSTED_ORIGINS/);
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
