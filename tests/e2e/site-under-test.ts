/** What playwright.config.ts tells each project about the site it runs against: its folders and its storage. */
import { test } from '@playwright/test';

export interface SiteUnderTest {
  dataDir: string;
  buildsDir: string;
  storage: 'local' | 'supabase';
  /** The (fake) Supabase project URL when storage is 'supabase'. */
  storageUrl: string | null;
}

/** The site of the running test's project (call inside a test). */
export function siteUnderTest(): SiteUnderTest {
  return test.info().project.metadata as SiteUnderTest;
}
