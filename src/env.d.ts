declare namespace App {
  interface Locals {
    /** The signed-in visitor on on-demand routes; always null while prerendering. */
    user: import('./server/auth/auth.ts').SessionUser | null;
    session: { id: string; expiresAt: Date } | null;
  }
}
