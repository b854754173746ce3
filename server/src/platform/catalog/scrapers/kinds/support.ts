/**
 * What the file, http and sql kinds share: secret-capable values (duty's EnvVar: a string,
 * `{value}` or `{valueFrom: {secretKeyRef | configMapKeyRef}}` read in the scraper's namespace),
 * the stored connection an entry names, and messages and URLs that carry no credentials.
 */
import { readEnvVar } from '../../../../kube/index.js';
import { connectionSecrets, type ResolvedConnection } from '../../../connections/index.js';
import type { ScrapeContext } from '../types.js';
import { EntryError } from './extract.js';

export { passwordsInUrl, safeUrl } from '../../../connections/index.js';

/** A text field of the entry ('' and non-strings count as absent). */
export function textField(entry: Record<string, unknown>, key: string): string | undefined {
  const value = entry[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * A secret-capable value, undefined when absent. What a secretKeyRef resolves to, and any value
 * `secret` says is one, joins ctx.secrets.
 */
export async function envValue(
  value: unknown,
  ctx: ScrapeContext,
  what: string,
  secret: boolean,
): Promise<string | undefined> {
  let read;
  try {
    read = await readEnvVar(value, ctx.kube, ctx.scraper.namespace || 'default');
  } catch (error) {
    throw new EntryError(`${what}: ${(error as Error).message}`);
  }
  if (read && (secret || read.fromSecret)) ctx.secrets.add(read.value);
  return read?.value;
}

/** The stored connection `ref` names, its credentials added to ctx.secrets; an entry error when there is none. */
export async function storedConnection(ref: string, ctx: ScrapeContext): Promise<ResolvedConnection> {
  let connection: ResolvedConnection | undefined;
  try {
    connection = await ctx.connection(ref);
  } catch (error) {
    throw new EntryError(`connection ${ref} could not be read: ${messageOf(error, ctx)}`);
  }
  if (!connection) throw new EntryError(`connection ${ref} was not found`);
  for (const secret of connectionSecrets(connection)) ctx.secrets.add(secret);
  return connection;
}

/** Text with every known secret and any `user:password@` of a URL taken out. */
export function redact(text: string, secrets: Set<string>): string {
  let out = text.replace(/(\w+:\/\/)[^/@\s]*@/g, '$1');
  // Longest first, so that a secret containing another is removed whole.
  for (const secret of [...secrets].filter((s) => s.length >= 3).sort((a, b) => b.length - a.length))
    out = out.split(secret).join('***');
  return out;
}

export function messageOf(error: unknown, ctx: Pick<ScrapeContext, 'secrets'>): string {
  const cause = (error as { cause?: unknown })?.cause;
  const base = error instanceof Error ? error.message : String(error);
  const detail =
    cause instanceof Error && cause.message && !base.includes(cause.message) ? `: ${cause.message}` : '';
  const code = (error as { code?: unknown })?.code;
  const text = base || (typeof code === 'string' ? code : 'unknown error');
  return redact(`${text}${detail}`, ctx.secrets);
}
