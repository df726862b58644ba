/**
 * Where to send a visitor back after signing in (`/login?next=/dashboard/saved`). Only a path on this site is
 * accepted: anything that could leave it (`//evil.example`, `/\evil`, a full URL, control characters) is ignored.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 512 || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}

/** The login address that brings the visitor back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}
