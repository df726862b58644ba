/** Playwright test with a guard: any unexpected console error or uncaught page error fails the test. */
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ allowedConsoleErrors: RegExp[]; consoleErrors: string[] }>({
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      const unexpected = errors.filter((error) => !allowedConsoleErrors.some((pattern) => pattern.test(error)));
      expect(unexpected, 'errores en la consola del navegador').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
