/**
 * Supabase Storage through supabase-js (STORAGE_DRIVER=supabase): one public bucket, files uploaded with the
 * service key (server only), browsers load them from the public object URL and from Supabase's image
 * transformations (/render/image/public/…?width=&quality=85) for SPEC's widths.
 *
 * The bucket is created, public, the first time a file is stored if it does not exist yet, so a new
 * project needs no manual step; a bucket that exists but is private is refused with a clear message
 * instead of being changed behind the owner's back.
 */
import { createClient, StorageApiError } from '@supabase/supabase-js';
import {
  assertStorable,
  assertValidKey,
  SERVED_QUALITY,
  STORED_CONTENT_TYPES,
  StorageError,
  StoredFileExistsError,
  type ServedWidth,
  type StorageDriver,
} from './driver.ts';

export const DEFAULT_SUPABASE_BUCKET = 'uploads';
/** Uploads are cached for an hour. */
const CACHE_SECONDS = '3600';
/** The largest upload (a description's source image) is 10 MB; the bucket refuses anything bigger. */
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const REQUEST_TIMEOUT_MS = 30_000;

export interface SupabaseStorageOptions {
  /** The project URL, https://<ref>.supabase.co. */
  url: string;
  /** The service_role key (or a secret sb_secret_ key): it bypasses row-level security, so it never leaves the server. */
  serviceKey: string;
  bucket?: string;
  /** Image transformations need a paid Supabase plan; off, every width is the original file. */
  transformations?: boolean;
  timeoutMs?: number;
}

type FileApi = ReturnType<ReturnType<typeof createClient>['storage']['from']>;

export class SupabaseStorage implements StorageDriver {
  readonly name = 'supabase';

  readonly bucket: string;

  private readonly client: ReturnType<typeof createClient>;
  private readonly projectUrl: string;
  private readonly transformations: boolean;
  private bucketReady: Promise<void> | undefined;

  constructor(options: SupabaseStorageOptions) {
    const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    this.projectUrl = options.url;
    this.bucket = options.bucket ?? DEFAULT_SUPABASE_BUCKET;
    this.transformations = options.transformations ?? true;
    this.client = createClient(options.url, options.serviceKey, {
      // A server-side client with a fixed key: no session to keep, refresh or read from a URL.
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      // Never hang a request on a storage call.
      global: {
        fetch: (input, init) => {
          const timeout = AbortSignal.timeout(timeoutMs);
          return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
        },
      },
    });
  }

  private files(): FileApi {
    return this.client.storage.from(this.bucket);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertStorable(key, contentType);
    await this.ensureBucket();
    const { error } = await this.files().upload(key, bytes, { contentType, cacheControl: CACHE_SECONDS, upsert: false });
    if (!error) return;
    if (error instanceof StorageApiError && error.statusCode === '409')
      throw new StoredFileExistsError(`Ya hay un archivo guardado en ${key} (Supabase Storage no sobrescribe)`, { cause: error });
    throw this.failure(error, `subir ${key}`);
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    // Removing a path that holds nothing answers an empty list, not an error: a retried delete succeeds.
    const { error } = await this.files().remove([key]);
    if (error) throw this.failure(error, `borrar ${key}`);
  }

  url(key: string, options: { width?: ServedWidth } = {}): string {
    assertValidKey(key);
    const transform = options.width && this.transformations ? { width: options.width, quality: SERVED_QUALITY } : undefined;
    return this.files().getPublicUrl(key, transform ? { transform } : undefined).data.publicUrl;
  }

  /** Once per process: the bucket exists and is public (created when missing). A failure is retried on the next put. */
  private ensureBucket(): Promise<void> {
    this.bucketReady ??= this.prepareBucket().catch((error: unknown) => {
      this.bucketReady = undefined;
      throw error;
    });
    return this.bucketReady;
  }

  private async prepareBucket(): Promise<void> {
    const found = await this.client.storage.getBucket(this.bucket);
    if (found.data) {
      if (!found.data.public) {
        throw new StorageError(
          `El bucket «${this.bucket}» de Supabase Storage es privado y las imágenes no se verían: márcalo como público en el panel de Supabase (Storage) o usa otro en SUPABASE_STORAGE_BUCKET`,
        );
      }
      return;
    }
    if (!(found.error instanceof StorageApiError && found.error.statusCode === '404')) throw this.failure(found.error, `leer el bucket ${this.bucket}`);
    const created = await this.client.storage.createBucket(this.bucket, {
      public: true,
      allowedMimeTypes: STORED_CONTENT_TYPES,
      fileSizeLimit: MAX_FILE_BYTES,
    });
    // Another instance may have created it in the meantime.
    if (created.error && !(created.error instanceof StorageApiError && created.error.statusCode === '409')) {
      throw this.failure(created.error, `crear el bucket ${this.bucket}`);
    }
  }

  /** One Spanish sentence for the server log, naming the variable to check when the key is refused. */
  private failure(error: Error, action: string): StorageError {
    if (error instanceof StorageApiError) {
      if (error.statusCode === '403' || error.status === 401) {
        return new StorageError(
          `Supabase Storage rechazó SUPABASE_SERVICE_ROLE_KEY al ${action} (${error.message}): usa la clave service_role (o una clave secreta sb_secret_…) del proyecto de SUPABASE_URL`,
          { cause: error },
        );
      }
      return new StorageError(`Supabase Storage no pudo ${action}: ${error.message} (HTTP ${error.status}, ${error.statusCode})`, { cause: error });
    }
    return new StorageError(`No se pudo conectar con Supabase Storage en ${this.projectUrl} para ${action}: ${error.message}`, { cause: error });
  }
}
