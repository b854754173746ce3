/**
 * The one fetch wrapper of the UI: sub-path safe URLs, the CSRF header, credentials, timeouts,
 * readable network errors and the 401 → sign-in redirect. Typed clients sit on top of it.
 */

const DEFAULT_TIMEOUT_MS = 30_000;
const TIMEOUT_MESSAGE = 'Request timed out. Please try again.';
const OFFLINE_MESSAGE = 'No internet connection. Please try again.';
const NETWORK_MESSAGE = 'Network Error. Please try again.';
const FALLBACK_MESSAGE = 'An error occurred';
const CSRF_COOKIE = 'csrf_token';
const CSRF_HEADER = 'X-CSRF-Token';
const UNSAFE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** A failed call: `message` is what a user can read (the server's message when it sent one). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status?: number;
  readonly body?: unknown;

  constructor(message: string, options: { status?: number; body?: unknown; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.body = options.body;
  }
}

export type ConsoleRequestInit = RequestInit & { timeoutMs?: number };

/** Absolute URL of a console path, resolved against `<base href>` so any sub-path works. */
export function apiUrl(path: string): string {
  if (path.startsWith('/') || /^[a-z][a-z\d+.-]*:/i.test(path)) {
    throw new Error(`API paths are relative to the console's base, got '${path}'`);
  }
  return new URL(path, documentBase()).toString();
}

/**
 * `<base href>`; on the server, which renders a first screen but fetches nothing through this
 * module, a base that no request can reach.
 */
const documentBase = () =>
  typeof document === 'undefined' ? 'http://server-render.invalid/' : document.baseURI;

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** The current location as a path under the base, starting with '/': what `return_to` carries. */
function pathUnderBase(): string {
  const basePath = new URL(document.baseURI).pathname;
  const { pathname, search } = window.location;
  let rest = pathname.replace(/^\//, '');
  if (pathname.startsWith(basePath)) rest = pathname.slice(basePath.length);
  else if (`${pathname}/` === basePath) rest = '';
  return `/${rest}${search}`;
}

function goToSignIn(): void {
  const here = pathUnderBase();
  if (/^\/login(?:[/?]|$)/.test(here)) return;
  window.location.assign(apiUrl(`login?return_to=${encodeURIComponent(here)}`));
}

/** The server's message of a failed answer: JSON `message`, else `error`, else the text body. */
async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  let message: string | undefined;
  try {
    body = JSON.parse(text);
    const fields = (body ?? {}) as { message?: unknown; error?: unknown };
    message = [fields.message, fields.error].find((m): m is string => typeof m === 'string' && m !== '');
  } catch {
    // An HTML error page (from a proxy) is no message for a person.
    if (text.trim() !== '' && !text.trimStart().startsWith('<')) message = text.trim();
  }
  return new ApiError(message ?? `HTTP ${response.status}`, { status: response.status, body });
}

async function send(input: RequestInfo | URL, init: ConsoleRequestInit = {}): Promise<Response> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, signal: initSignal, ...rest } = init;
  const request = input instanceof Request ? input : undefined;
  const url = typeof input === 'string' ? new URL(input, document.baseURI).toString() : input;
  const method = (rest.method ?? request?.method ?? 'GET').toUpperCase();
  const headers = new Headers(rest.headers ?? request?.headers);
  const csrfToken = readCookie(CSRF_COOKIE);
  if (UNSAFE_METHODS.includes(method) && csrfToken && !headers.has(CSRF_HEADER)) {
    headers.set(CSRF_HEADER, csrfToken);
  }

  // One signal for the caller's abort and the timeout; the caller's abort stays an AbortError.
  const callerSignal = initSignal ?? request?.signal;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  if (callerSignal?.aborted) controller.abort(callerSignal.reason);
  else callerSignal?.addEventListener('abort', () => controller.abort(callerSignal.reason), { once: true });

  let response: Response;
  try {
    response = await fetch(url, {
      ...rest,
      method,
      headers,
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new ApiError(TIMEOUT_MESSAGE, { cause: error });
    if (callerSignal?.aborted) throw error;
    throw new ApiError(navigator.onLine === false ? OFFLINE_MESSAGE : NETWORK_MESSAGE, { cause: error });
  } finally {
    clearTimeout(timer);
  }

  if (response.status === 401) {
    goToSignIn();
    throw await errorFromResponse(response);
  }
  return response;
}

/**
 * `fetch` for fetch-compatible clients (postgrest-js): non-2xx answers come back as they are,
 * except 401, which goes to sign-in and rejects with an ApiError.
 */
export const consoleFetch: typeof fetch = send;

/** consoleFetch for a console path (`api/...`); a non-2xx answer throws an ApiError. */
export async function apiFetch(path: string, init?: ConsoleRequestInit): Promise<Response> {
  const response = await send(apiUrl(path), init);
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

/** A JSON call: `json` becomes the body; the answer is parsed (undefined when empty, as 204). */
export async function apiJson<T>(
  path: string,
  init: ConsoleRequestInit & { json?: unknown } = {},
): Promise<T> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    rest.body = JSON.stringify(json);
  }
  const response = await apiFetch(path, { ...rest, headers });
  const text = await response.text();
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new ApiError(`Invalid JSON from the server: ${(error as Error).message}`, {
      status: response.status,
      body: text,
      cause: error,
    });
  }
}

// postgrest-js turns a rejected fetch into `{ message: '<error name>: <message>' }`.
const CLIENT_ERROR_PREFIX = /^ApiError: /;

/** What to tell a person about a failure: the server's message, else the error's, else a fallback. */
export function errorMessage(error: unknown): string {
  const message = typeof error === 'string' ? error : (error as { message?: unknown } | null)?.message;
  if (typeof message !== 'string' || message.trim() === '') return FALLBACK_MESSAGE;
  return error instanceof Error ? message : message.replace(CLIENT_ERROR_PREFIX, '');
}
