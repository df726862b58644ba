/** How a new account's profile gets its role and its name. */

export type Role = 'user' | 'admin';

export function roleForEmail(email: string, adminEmail: string | undefined): Role {
  return adminEmail !== undefined && email.trim().toLowerCase() === adminEmail.trim().toLowerCase() ? 'admin' : 'user';
}

/** The sign-up name, else the part of the e-mail before @, else 'Usuario'. */
export function profileName(name: string | null | undefined, email: string): string {
  const given = name?.trim();
  if (given) return given;
  const localPart = email.split('@')[0]?.trim();
  return localPart || 'Usuario';
}
