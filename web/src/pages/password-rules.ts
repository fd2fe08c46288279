/**
 * The service's password rules (src/domains/auth/passwords.ts): 8 to 200 characters, counted as the
 * service counts them (by code point, so an emoji is one).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export const passwordLength = (password: string): number => [...password].length;

/** What is wrong with a password, in a sentence, or null when the service will take it. */
export function passwordProblem(password: string): string | null {
  const n = passwordLength(password);
  if (n < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters (${PASSWORD_MIN - n} more).`;
  if (n > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters (${n - PASSWORD_MAX} too many).`;
  return null;
}
