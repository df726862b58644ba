// Kept apart from the form schemas so the header island on every page does not ship zod.

/** Avatar initials: at most two letters, from the name or else the e-mail. */
export function initials(name: string, emailAddress: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((word) => word[0]!) : [emailAddress.trim()[0] ?? ''];
  return letters.join('').toUpperCase();
}
