/** Recognisable secrets the e2e site runs with: playwright.config.ts sets them, secrets.spec.ts looks for them. */
export const E2E_AUTH_SECRET = 'e2e-better-auth-secret-NO-LEAK-5d2a9b7e3c';
export const E2E_GOOGLE_CLIENT = { clientId: 'brujula-e2e.apps.test', clientSecret: 'e2e-google-client-secret-NO-LEAK-7c1f' };
/** The service key of the fake Supabase Storage (the second site of the image generator e2e). */
export const E2E_SUPABASE_SERVICE_KEY = 'e2e-supabase-service-role-NO-LEAK-3b8e0d61';
