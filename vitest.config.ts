import { defineConfig } from 'vitest/config';

const integration = {
  include: ['tests/integration/**/*.test.ts'],
  // Every file migrates its own fresh schema on the shared server, so files run one at a time.
  fileParallelism: false,
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'], testTimeout: 30_000 } },
      { test: { ...integration, name: 'integration-embedded', globalSetup: ['tests/integration/setup/embedded.ts'] } },
      {
        test: {
          ...integration,
          name: 'integration-pg15',
          exclude: ['tests/integration/embedded/**'],
          globalSetup: ['tests/integration/setup/postgres15.ts'],
        },
      },
    ],
  },
});
