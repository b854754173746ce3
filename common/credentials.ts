/** Signing in and choosing a password: the rules and the words both sides say them with. */

export const MISSING_CREDENTIALS = 'Please enter your username and password.';

export const MIN_PASSWORD_LENGTH = 8;
// scrypt first runs PBKDF2 over the whole password: an upper bound keeps a huge one from costing CPU.
export const MAX_PASSWORD_LENGTH = 1024;

/** Why a new password is refused; undefined when it is acceptable. Length counts characters, not code units. */
export function passwordProblem(password: unknown): string | undefined {
  const length = typeof password === 'string' ? [...password].length : 0;
  if (length < MIN_PASSWORD_LENGTH)
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  if (length > MAX_PASSWORD_LENGTH)
    return `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  return undefined;
}
