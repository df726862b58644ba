/** Recognisable secrets the e2e site runs with: playwright.config.ts sets them, secrets.spec.ts looks for them. */
export const E2E_AUTH_SECRET = 'e2e-better-auth-secret-NO-LEAK-5d2a9b7e3c';
export const E2E_GOOGLE_CLIENT = { clientId: 'brujula-e2e.apps.test', clientSecret: 'e2e-google-client-secret-NO-LEAK-7c1f' };
