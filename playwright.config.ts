import { defineConfig, devices } from '@playwright/test';
import { fakeAiEnv } from './tests/fixtures/ai/serve.ts';
import { chromiumLaunchOptions } from './tests/e2e/chromium.ts';
import type { SiteUnderTest } from './tests/e2e/site-under-test.ts';
import { E2E_AUTH_SECRET, E2E_GOOGLE_CLIENT, E2E_SUPABASE_SERVICE_KEY } from './tests/e2e/site-secrets.ts';

const port = Number(process.env.E2E_PORT ?? 4399);
// Separate folders let several checkouts run their suites side by side.
const dataDir = process.env.E2E_DATA_DIR ?? 'data/e2e';
const buildsDir = process.env.E2E_BUILDS_DIR ?? 'builds/e2e';
// Three ports per checkout, derived from E2E_PORT so that suites running side by side never share them.
const fakeAiPort = Number(process.env.E2E_FAKE_AI_PORT ?? 20_000 + (port % 1000) * 3);
// The OpenID Connect provider that stands in for Google (tests/fixtures/fake-oidc.ts).
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 1000);
// A tool's own website for "fill from the URL" and images by URL (tests/fixtures/fake-tool-site.ts).
const fakeSitePort = Number(process.env.E2E_FAKE_SITE_PORT ?? port + 5000);
const google = E2E_GOOGLE_CLIENT;
// The fake ad network (tests/fixtures/fake-ads.ts) whose loader the site uses when an admin turns ads on.
const fakeAdsPort = Number(process.env.E2E_FAKE_ADS_PORT ?? port + 4000);
const fakeAdsUrl = `http://127.0.0.1:${fakeAdsPort}`;

// The image generator runs a second time against a second site that stores files in Supabase Storage (the fake of
// tests/fixtures/supabase-storage.ts). Its own port, folders and database; same fake AI and OpenID providers.
const supabase = {
  port: Number(process.env.E2E_SUPABASE_PORT ?? port + 2000),
  storagePort: Number(process.env.E2E_FAKE_STORAGE_PORT ?? port + 3000),
  dataDir: `${dataDir}-supabase`,
  buildsDir: `${buildsDir}-supabase`,
};
const fakeStorageUrl = `http://127.0.0.1:${supabase.storagePort}`;
const SUPABASE_SPECS = ['image-generator.spec.ts', 'secrets.spec.ts'];

/**
 * Whether this run may include the Supabase project, judged from the command line, so that `--project=chromium`
 * or `playwright test tests/e2e/home.spec.ts` does not build the second site for nothing. When unsure, it does.
 */
function runsSupabaseProject(args = process.argv.slice(3)): boolean {
  const projects = args.flatMap((arg, i) => (arg.startsWith('--project=') ? [arg.slice(10)] : args[i - 1] === '--project' ? [arg] : []));
  const asPattern = (glob: string) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i');
  if (projects.length > 0 && !projects.some((glob) => asPattern(glob).test('supabase-storage'))) return false;
  // Spec files named on the command line (other positional filters and option values are not counted).
  const specs = args.filter((arg) => /\.spec\.ts(:\d+)*$/.test(arg)).map((arg) => arg.replace(/:\d+/g, '').split(/[\\/]/).pop()!);
  return specs.length === 0 || specs.some((spec) => SUPABASE_SPECS.includes(spec));
}

/** The environment of one site under test; storage is what differs between the two. */
function siteEnv(site: { port: number; dataDir: string; buildsDir: string }, storage: Record<string, string>): Record<string, string> {
  return {
    PORT: String(site.port),
    HOST: '127.0.0.1',
    DATA_DIR: site.dataDir,
    BUILDS_DIR: site.buildsDir,
    DATABASE_URL: '',
    // No SITE_URL, as on a new machine: the site derives it from HOST and PORT (http://127.0.0.1:<port>).
    SITE_URL: '',
    // The account that tests/e2e/auth.spec.ts expects to become an admin; mail goes to DATA_DIR/outbox.
    ADMIN_EMAIL: 'admin-e2e@brujula.test',
    SMTP_URL: '',
    ...fakeAiEnv(fakeAiPort),
    AI_IMAGE_PROVIDER: 'pollinations',
    AI_DESCRIPTION_PROVIDER: 'pollinations',
    AI_STORY_PROVIDER: 'pollinations',
    POLLINATIONS_API_KEY: '',
    // Short, so the stalled-provider test ends quickly.
    AI_TIMEOUT_MS: '3000',
    // Every test comes from 127.0.0.1; the per-visitor limit is low so the rate-limit test hits it in a few calls.
    AI_RATE_LIMIT_IP: '1000',
    AI_RATE_LIMIT_VISITOR: '6',
    // Every account of the suite is registered from 127.0.0.1, far more than a person makes in an hour.
    AUTH_RATE_LIMIT_SIGN_UP: '500',
    // Every test signs in from 127.0.0.1 too: dozens a minute when the suite runs fast.
    AUTH_RATE_LIMIT_SIGN_IN: '500',
    // TEST ONLY: lets the description generator fetch images from the fake Pollinations, and the publish form read the
    // fake tool website, on loopback; never set in production.
    SAFE_FETCH_ALLOW_HOSTS: `127.0.0.1:${fakeAiPort},127.0.0.1:${fakeSitePort}`,
    // TEST ONLY: the ad network's loader comes from the fake network; ads stay off until a test turns them on.
    ADS_SCRIPT_URL: `${fakeAdsUrl}/pagead/js/adsbygoogle.js`,
    // No background link checks against the real sites of the seeded tools: tests/e2e/catalogue.spec.ts runs the
    // checker itself against the fake website.
    CATALOGUE_ENRICH: 'false',
    // Half the seeded catalogue's tool pages and alternatives pages prerendered, the rest on demand, as on a large
    // catalogue (docs/decisions/015): tool-page.spec.ts and alternatives-compare.spec.ts visit one of each.
    PRERENDERED_TOOLS: '500',
    // Recognisable values that tests/e2e/secrets.spec.ts looks for in the files sent to browsers.
    BETTER_AUTH_SECRET: E2E_AUTH_SECRET,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_OAUTH_ISSUER: `http://127.0.0.1:${oidcPort}`,
    ...storage,
  };
}

const localSite: SiteUnderTest = { dataDir, buildsDir, storage: 'local', storageUrl: null };
const supabaseSite: SiteUnderTest = { dataDir: supabase.dataDir, buildsDir: supabase.buildsDir, storage: 'supabase', storageUrl: fakeStorageUrl };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : 'line',
  timeout: 30_000,
  metadata: { fakeToolSite: `http://127.0.0.1:${fakeSitePort}` },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-ES',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, metadata: localSite },
    {
      name: 'supabase-storage',
      testMatch: SUPABASE_SPECS,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${supabase.port}` },
      metadata: supabaseSite,
    },
  ],
  webServer: [
    {
      // Fake AI providers (tests/fixtures/ai): real wire protocols, failures on demand by magic words.
      command: `node tests/fixtures/ai/serve.ts`,
      port: fakeAiPort + 2,
      reuseExistingServer: false,
      env: { FAKE_AI_PORT: String(fakeAiPort) },
    },
    {
      command: 'node tests/fixtures/fake-ads-server.ts',
      url: `${fakeAdsUrl}/__requests`,
      reuseExistingServer: false,
      env: { FAKE_ADS_PORT: String(fakeAdsPort) },
    },
    {
      command: 'node tests/fixtures/fake-tool-site-server.ts',
      url: `http://127.0.0.1:${fakeSitePort}/`,
      reuseExistingServer: false,
      env: { FAKE_SITE_PORT: String(fakeSitePort) },
    },
    {
      command: 'node tests/fixtures/fake-oidc-server.ts',
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { FAKE_OIDC_PORT: String(oidcPort), FAKE_OIDC_CLIENT_ID: google.clientId, FAKE_OIDC_CLIENT_SECRET: google.clientSecret },
    },
    {
      // The real path a site owner takes: embedded database, migrations, seed, build, serve.
      command: `rm -rf ${dataDir} && node scripts/start.ts`,
      url: `http://127.0.0.1:${port}/`,
      // A first start builds the whole site; on a busy 2-core machine that took over 5 minutes.
      timeout: 900_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: siteEnv({ port, dataDir, buildsDir }, { STORAGE_DRIVER: 'local' }),
    },
    ...(runsSupabaseProject()
      ? [
          {
            command: 'node tests/fixtures/supabase-storage-server.ts',
            url: `${fakeStorageUrl}/storage/v1/status`,
            reuseExistingServer: false,
            env: { FAKE_STORAGE_PORT: String(supabase.storagePort), FAKE_STORAGE_SERVICE_KEY: E2E_SUPABASE_SERVICE_KEY },
          },
          {
            command: `rm -rf ${supabase.dataDir} && node scripts/start.ts`,
            url: `http://127.0.0.1:${supabase.port}/`,
            // A first start builds the whole site; on a busy 2-core machine that took over 5 minutes.
            timeout: 900_000,
            reuseExistingServer: false,
            stdout: 'pipe' as const,
            // The bucket does not exist yet: the first upload creates it, as on a new Supabase project. Two serving
            // processes, unlike the first site's default one, so the cluster (workers, reloads) is exercised too.
            env: siteEnv(supabase, {
              STORAGE_DRIVER: 'supabase',
              SUPABASE_URL: fakeStorageUrl,
              SUPABASE_SERVICE_ROLE_KEY: E2E_SUPABASE_SERVICE_KEY,
              WEB_CONCURRENCY: '2',
            }),
          },
        ]
      : []),
  ],
});
