import { defineConfig, devices } from '@playwright/test';
import { fakeAiEnv } from './tests/fixtures/ai/serve.ts';
import { E2E_AUTH_SECRET, E2E_GOOGLE_CLIENT } from './tests/e2e/site-secrets.ts';

const port = Number(process.env.E2E_PORT ?? 4399);
// Separate folders let several checkouts run their suites side by side.
const dataDir = process.env.E2E_DATA_DIR ?? 'data/e2e';
const buildsDir = process.env.E2E_BUILDS_DIR ?? 'builds/e2e';
// Three ports per checkout, derived from E2E_PORT so that suites running side by side never share them.
const fakeAiPort = Number(process.env.E2E_FAKE_AI_PORT ?? 20_000 + (port % 1000) * 3);
// The OpenID Connect provider that stands in for Google (tests/fixtures/fake-oidc.ts).
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 1000);
const google = E2E_GOOGLE_CLIENT;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : 'line',
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-ES',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright never downloads a browser of its own here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // Fake AI providers (tests/fixtures/ai): real wire protocols, failures on demand by magic words.
      command: `node tests/fixtures/ai/serve.ts`,
      port: fakeAiPort + 2,
      reuseExistingServer: false,
      env: { FAKE_AI_PORT: String(fakeAiPort) },
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
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        BUILDS_DIR: buildsDir,
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
        // TEST ONLY: lets the description generator fetch images from the fake Pollinations on loopback; never set in production.
        SAFE_FETCH_ALLOW_HOSTS: `127.0.0.1:${fakeAiPort}`,
        // Recognisable values that tests/e2e/secrets.spec.ts looks for in the files sent to browsers.
        BETTER_AUTH_SECRET: E2E_AUTH_SECRET,
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        GOOGLE_OAUTH_ISSUER: `http://127.0.0.1:${oidcPort}`,
      },
    },
  ],
});
