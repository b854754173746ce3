import http from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { Entry } from '../canary-spec.js';
import { renderGoTemplate } from '../go-template.js';
import { durationFromMs } from '../go-values.js';
import {
  cap,
  describeError,
  EntryError,
  envOf,
  fail,
  literalValue,
  pass,
  slowerThanThreshold,
  str,
  type CheckOutcome,
  type KindContext,
} from './common.js';

/** Bodies past this are cut: enough for any health answer, bounded for a misbehaving target. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;
const DAY_MS = 86_400_000;

interface Answer {
  code: number;
  headers: Record<string, string>;
  content: string;
  elapsed: number;
  certificateExpiry?: Date;
}

/**
 * A value with templates in it, as canary-checker templates a check's URL: `{{ .NAME }}` and
 * `$(NAME)` over the check's env, `check` and `canary`.
 */
function templated(text: string, what: string, data: Record<string, unknown>): string {
  if (!text.includes('{{') && !text.includes('$(')) return text;
  try {
    const once = renderGoTemplate(text, data);
    return renderGoTemplate(once, data, { delims: ['$(', ')'], valueFunctions: true }).trim();
  } catch (error) {
    throw new EntryError(`failed to template ${what}: ${(error as Error).message}`);
  }
}

function headersOf(entry: Entry, data: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const given = entry.headers;
  if (Array.isArray(given)) {
    for (const h of given) {
      const header = h as { name?: unknown };
      const name = str(header?.name);
      if (!name) continue;
      const value = literalValue(header, `header '${name}'`);
      if (value !== undefined)
        out[name] = value.includes('{{') ? templated(value, `header '${name}'`, data) : value;
    }
  } else if (given && typeof given === 'object') {
    for (const [name, value] of Object.entries(given)) {
      const literal = literalValue(value, `header '${name}'`);
      if (literal !== undefined) out[name] = literal;
    }
  }
  return out;
}

function basicAuth(entry: Entry): string | undefined {
  const auth = (entry.authentication ?? {}) as Record<string, unknown>;
  const type = str(auth.type)?.toLowerCase();
  if (type && type !== 'basic')
    throw new EntryError(
      `'${type}' authentication is not supported by this console's check runner; use basic`,
    );
  if (auth.ntlm || auth.ntlmv2)
    throw new EntryError("NTLM authentication is not supported by this console's check runner; use basic");
  const username = literalValue(auth.username ?? entry.username, 'username');
  const password = literalValue(auth.password ?? entry.password, 'password');
  if (username === undefined && password === undefined) return undefined;
  return `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`;
}

function insecureOf(entry: Entry): boolean {
  const tls = (entry.tlsConfig ?? {}) as Record<string, unknown>;
  return entry.insecureSkipVerify === true || tls.insecureSkipVerify === true;
}

/** One request as the entry describes it (method, headers, basic auth, body), redirects not followed. */
export function request(
  url: URL,
  entry: Entry,
  ctx: KindContext,
  data: Record<string, unknown>,
): Promise<Answer> {
  const method = (str(entry.method) ?? 'GET').toUpperCase();
  const headers = headersOf(entry, data);
  const authorization = basicAuth(entry);
  if (authorization && !Object.keys(headers).some((h) => h.toLowerCase() === 'authorization'))
    headers.Authorization = authorization;
  let body =
    typeof entry.body === 'string' ? entry.body : entry.body ? JSON.stringify(entry.body) : undefined;
  if (body !== undefined && entry.templateBody === true) {
    try {
      body = renderGoTemplate(body, data).trim();
    } catch (error) {
      throw new EntryError(`failed to template request body: ${(error as Error).message}`);
    }
  }
  if (body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(body));
  const started = performance.now();
  const module = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const req = module.request(url, {
      method,
      headers,
      // A fresh connection each run: the peer certificate is read, and nothing lingers afterwards.
      agent: false,
      rejectUnauthorized: !insecureOf(entry),
      signal: ctx.signal,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const socket = res.socket as TLSSocket;
      const validTo =
        typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate()?.valid_to : '';
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size >= MAX_BODY_BYTES) return;
        chunks.push(chunk);
        size += chunk.length;
        if (size >= MAX_BODY_BYTES) res.destroy();
      });
      const done = () => {
        const responseHeaders: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers))
          if (v !== undefined) responseHeaders[canonicalHeader(k)] = Array.isArray(v) ? v.join(', ') : v;
        resolve({
          code: res.statusCode ?? 0,
          headers: responseHeaders,
          content: Buffer.concat(chunks).toString('utf8'),
          elapsed: Math.round(performance.now() - started),
          certificateExpiry: validTo ? new Date(validTo) : undefined,
        });
      };
      res.on('end', done);
      res.on('close', () => (size >= MAX_BODY_BYTES ? done() : undefined));
      res.on('error', reject);
    });
    req.end(body);
  });
}

/** Go's canonical header names ("content-type" → "Content-Type"), as templates see them. */
function canonicalHeader(name: string): string {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
    .join('-');
}

function expectedCodes(entry: Entry): number[] | undefined {
  const codes = entry.responseCodes;
  if (!Array.isArray(codes) || codes.length === 0) return undefined;
  return codes.map(Number).filter((n) => Number.isInteger(n));
}

const declaresJson = (answer: Answer) => /json/i.test(answer.headers['Content-Type'] ?? '');

/** The body as JSON (`json`): {} when it is not JSON, as canary-checker gives it. */
function parseJson(answer: Answer): { json: unknown; invalid?: string } {
  if (!declaresJson(answer) && !/^\s*[[{]/.test(answer.content)) return { json: {} };
  try {
    return { json: JSON.parse(answer.content) };
  } catch (error) {
    return { json: {}, invalid: declaresJson(answer) ? (error as Error).message : undefined };
  }
}

/** What makes a good answer unhealthy, in the order they are checked; undefined when none. */
function problemWith(answer: Answer, entry: Entry, url: URL, invalidJson?: string): string | undefined {
  // As canary-checker: a body that says it is JSON but is not fails, unless a test judges it.
  if (invalidJson && !entry.test) return `invalid json response: ${invalidJson}`;
  const codes = expectedCodes(entry);
  if (codes ? !codes.includes(answer.code) : answer.code < 200 || answer.code > 299)
    return `response code ${answer.code}, expected ${codes ? codes.join(', ') : '2xx'}`;
  const content = str(entry.responseContent);
  if (content && !answer.content.includes(content)) return `response does not contain '${content}'`;
  const slow = slowerThanThreshold(answer.elapsed, entry);
  if (slow) return slow;
  const maxExpiry = Number(entry.maxSSLExpiry);
  if (entry.maxSSLExpiry !== undefined && Number.isFinite(maxExpiry) && maxExpiry > 0) {
    if (url.protocol !== 'https:') return 'maxSSLExpiry is set but the url is not https';
    if (!answer.certificateExpiry || Number.isNaN(answer.certificateExpiry.getTime()))
      return 'the server sent no certificate to check';
    const daysLeft = Math.floor((answer.certificateExpiry.getTime() - Date.now()) / DAY_MS);
    if (daysLeft < maxExpiry)
      return `SSL certificate expires in ${daysLeft} days (${answer.certificateExpiry.toISOString()}), sooner than maxSSLExpiry ${maxExpiry} days`;
  }
  return undefined;
}

export async function runHttp(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  let data: Record<string, unknown>;
  let text: string | undefined;
  try {
    data = { ...ctx.values, ...envOf(entry) };
    const given = str(entry.url) ?? str(entry.endpoint);
    text = given === undefined ? undefined : templated(given, 'url', data);
  } catch (error) {
    return fail((error as Error).message);
  }
  if (!text) return fail('url is required');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(`'${text}' is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return fail(`'${text}' is not an http:// or https:// URL`);
  let answer: Answer;
  try {
    answer = await request(url, entry, ctx, data);
  } catch (error) {
    if (error instanceof EntryError) return fail(error.message);
    return fail(describeError(error, ctx, url.host));
  }
  const detail: Record<string, unknown> = {
    code: answer.code,
    elapsed: answer.elapsed,
    ...(answer.certificateExpiry ? { sslExpiry: answer.certificateExpiry.toISOString() } : {}),
  };
  const message = `HTTP ${answer.code} in ${answer.elapsed}ms`;
  const { json, invalid } = parseJson(answer);
  const expiresInMs = answer.certificateExpiry ? answer.certificateExpiry.getTime() - Date.now() : 0;
  const context = {
    code: BigInt(answer.code),
    headers: answer.headers,
    elapsed: durationFromMs(answer.elapsed),
    sslAge: durationFromMs(Number.isNaN(expiresInMs) ? 0 : expiresInMs),
    json,
    content: answer.content,
  };
  const problem = problemWith(answer, entry, url, invalid);
  if (problem)
    return { ...fail(cap(problem), message, { ...detail, content: cap(answer.content, 1000) }), context };
  return { ...pass(message, detail), context };
}
