/** Messages about a connection with its secrets taken out, whatever a client library put in them. */

export const HIDDEN = '***';

/** The forms a secret may take in a message: as is, URL-encoded (in a URL), and in Basic auth. */
function formsOf(secret: string): string[] {
  return [secret, encodeURIComponent(secret), encodeURI(secret)];
}

/**
 * The message with every secret replaced by ***, and any `//user:password@` left in a URL
 * hidden too (a password the connection did not list, e.g. one inside a properties URL).
 * Longer secrets go first, so that one containing another is hidden whole.
 */
export function scrubSecrets(message: string, secrets: Iterable<string>): string {
  const forms = [...new Set([...secrets].filter(Boolean).flatMap(formsOf))].sort(
    (a, b) => b.length - a.length,
  );
  let scrubbed = message;
  for (const form of forms) scrubbed = scrubbed.split(form).join(HIDDEN);
  return scrubbed.replace(/\/\/([^/@\s:]*):[^/@\s]+@/g, `//$1:${HIDDEN}@`);
}
