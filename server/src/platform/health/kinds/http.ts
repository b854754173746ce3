import http from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { Entry } from '../canary-spec.js';
import { failedTest, testExpressionOf } from '../test-expression.js';
import {
  cap,
  describeError,
  EntryError,
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

function headersOf(entry: Entry): Record<string, string> {
  const out: Record<string, string> = {};
  const given = entry.headers;
  if (Array.isArray(given)) {
    for (const h of given) {
      const header = h as { name?: unknown };
      const name = str(header?.name);
      if (!name) continue;
      const value = literalValue(header, `header '${name}'`);
      if (value !== undefined) out[name] = value;
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

function request(url: URL, entry: Entry, ctx: KindContext): Promise<Answer> {
  const method = (str(entry.method) ?? 'GET').toUpperCase();
  const headers = headersOf(entry);
  const authorization = basicAuth(entry);
  if (authorization && !Object.keys(headers).some((h) => h.toLowerCase() === 'authorization'))
    headers.Authorization = authorization;
  const body =
    typeof entry.body === 'string' ? entry.body : entry.body ? JSON.stringify(entry.body) : undefined;
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
          if (v !== undefined) responseHeaders[k] = Array.isArray(v) ? v.join(', ') : v;
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

function expectedCodes(entry: Entry): number[] | undefined {
  const codes = entry.responseCodes;
  if (!Array.isArray(codes) || codes.length === 0) return undefined;
  return codes.map(Number).filter((n) => Number.isInteger(n));
}

function parseJson(answer: Answer): unknown {
  const looksJson = /json/i.test(answer.headers['content-type'] ?? '') || /^\s*[[{]/.test(answer.content);
  if (!looksJson) return null;
  try {
    return JSON.parse(answer.content);
  } catch {
    return null;
  }
}

/** What makes a good answer unhealthy, in the order they are checked; undefined when none. */
function problemWith(answer: Answer, entry: Entry, url: URL): string | undefined {
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
  const expr = testExpressionOf(entry);
  if (expr)
    return failedTest(expr, {
      code: answer.code,
      headers: answer.headers,
      content: answer.content,
      json: parseJson(answer),
      elapsed: answer.elapsed,
    });
  return undefined;
}

export async function runHttp(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  const text = str(entry.url) ?? str(entry.endpoint);
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
    answer = await request(url, entry, ctx);
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
  const problem = problemWith(answer, entry, url);
  if (problem) return fail(cap(problem), message, { ...detail, content: cap(answer.content, 1000) });
  return pass(message, detail);
}
