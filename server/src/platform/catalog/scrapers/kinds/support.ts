/**
 * What the file, http and sql kinds share: secret-capable values (duty's EnvVar: a string,
 * `{value}` or `{valueFrom: {secretKeyRef | configMapKeyRef}}` read in the scraper's namespace),
 * the stored connection an entry names, and messages and URLs that carry no credentials.
 */
import { readKeyRef } from '../../../../kube/index.js';
import type { ResolvedConnection } from '../../../connections/index.js';
import type { ScrapeContext } from '../types.js';
import { EntryError } from './extract.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
  let resolved: string | undefined;
  let fromSecret = false;
  if (typeof value === 'string') resolved = value;
  else if (isObject(value)) {
    if (typeof value.value === 'string') resolved = value.value;
    else if (isObject(value.valueFrom)) {
      const from = value.valueFrom;
      const ref = isObject(from.secretKeyRef)
        ? { kind: 'secret' as const, ref: from.secretKeyRef }
        : isObject(from.configMapKeyRef)
          ? { kind: 'configmap' as const, ref: from.configMapKeyRef }
          : undefined;
      if (!ref)
        throw new EntryError(`${what}: only valueFrom.secretKeyRef and valueFrom.configMapKeyRef are read`);
      try {
        resolved = await readKeyRef(ctx.kube, {
          kind: ref.kind,
          namespace: ctx.scraper.namespace || 'default',
          name: typeof ref.ref.name === 'string' ? ref.ref.name : '',
          key: typeof ref.ref.key === 'string' ? ref.ref.key : '',
        });
      } catch (error) {
        throw new EntryError(`${what}: ${(error as Error).message}`);
      }
      fromSecret = ref.kind === 'secret';
    }
  }
  if (resolved === undefined || resolved === '') return undefined;
  if (secret || fromSecret) ctx.secrets.add(resolved);
  return resolved;
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
  if (connection.password) ctx.secrets.add(connection.password);
  for (const [key, value] of Object.entries(connection.properties))
    if (value && /token|secret|password|key|credential|bearer|certificate/i.test(key)) ctx.secrets.add(value);
  for (const value of passwordsInUrl(connection.url)) ctx.secrets.add(value);
  return connection;
}

export function passwordsInUrl(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const parsed = new URL(url);
    return [parsed.password, decodeURIComponent(parsed.password)].filter(Boolean);
  } catch {
    return [];
  }
}

/** A URL as a person may read it: without username and password. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^/@\s]*@/, '//');
  }
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
