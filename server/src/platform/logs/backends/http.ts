/**
 * Where an HTTP log backend (Loki, OpenSearch, Elasticsearch) is and how to sign in: its own
 * `url` (`address`) and `username`/`password`, else a stored `connection`'s URL and credentials
 * (a `token` property is sent as a bearer token); and one request with the backend's name and
 * the cause on failure, never a secret.
 */
import type { LogBackend } from '../backends.js';
import { BackendError, text, type BackendContext } from './types.js';

export interface Endpoint {
  url: string;
  headers: Record<string, string>;
}

export async function endpointOf(backend: LogBackend, ctx: BackendContext): Promise<Endpoint> {
  const { config } = backend;
  let url = text(config.url) ?? text(config.address);
  let username = await ctx.credential(config.username);
  let password = await ctx.credential(config.password);
  let token: string | undefined;
  const ref = text(config.connection);
  if (ref) {
    const connection = await ctx.connection(ref);
    if (!connection) throw new BackendError(`connection ${ref} was not found`);
    url ??= connection.url;
    username ??= connection.username;
    password ??= connection.password;
    token = connection.properties.token || connection.properties.bearer || undefined;
  }
  if (password) ctx.secrets.add(password);
  if (token) ctx.secrets.add(token);
  if (!url) throw new BackendError(`log backend ${backend.name} has no url`);
  const parsed = new URL(url);
  // Credentials written into the URL are sent as Basic auth, never as part of the address.
  if (parsed.username || parsed.password) {
    username ??= decodeURIComponent(parsed.username);
    password ??= decodeURIComponent(parsed.password);
    if (password) ctx.secrets.add(password);
    parsed.username = '';
    parsed.password = '';
  }
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  else if (username || password)
    headers.Authorization = `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`;
  return { url: parsed.toString().replace(/\/+$/, ''), headers };
}

/** The JSON answer of a request to the backend; a BackendError with the cause otherwise. */
export async function requestJson(
  backend: LogBackend,
  url: string,
  init: RequestInit & { signal: AbortSignal },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (init.signal.aborted) throw error;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new BackendError(
      `log backend ${backend.name} could not be reached: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
    );
  }
  const body = await response.text();
  if (!response.ok) {
    let reason = body.trim().slice(0, 300);
    try {
      const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
      const error = parsed.error;
      reason =
        typeof error === 'string'
          ? error
          : typeof (error as { reason?: unknown })?.reason === 'string'
            ? String((error as { reason: string }).reason)
            : typeof parsed.message === 'string'
              ? parsed.message
              : reason;
    } catch {
      // A text answer (Loki's) is its own reason.
    }
    throw new BackendError(
      `log backend ${backend.name} answered HTTP ${response.status}${reason ? `: ${reason}` : ''}`,
    );
  }
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new BackendError(`log backend ${backend.name} answered something other than JSON`);
  }
}
