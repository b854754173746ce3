import { timingSafeEqual } from 'node:crypto';
import type { Entry } from '../canary-spec.js';
import { applyCheckTemplates } from '../check-templates.js';
import { cap, fail, literalValue, pass, type CheckOutcome } from './common.js';

/** What a POST to a webhook check's URL brought: its headers and its JSON body, or its text. */
export interface WebhookPost {
  headers: Record<string, string>;
  json?: unknown;
  content?: string;
}

/** Headers that carry credentials: never kept with a result. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'webhook-token', 'proxy-authorization']);

export function keptHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !SECRET_HEADERS.has(name.toLowerCase()))
      out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

/**
 * Whether `given` is the check's `token` (its secret or config map reference already read). A
 * check without a token takes any POST, as upstream.
 */
export function webhookTokenMatches(entry: Entry, given: string | undefined): boolean {
  const token = literalValue(entry.token, 'token');
  if (!token) return true;
  const [a, b] = [Buffer.from(token), Buffer.from(given ?? '')];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The result of one POST: a pass, which the check's transform, display and test (over
 * `headers`, `json` and `content`) may change.
 */
export function webhookOutcome(entry: Entry, post: WebhookPost): CheckOutcome {
  const body =
    post.json !== undefined ? 'a JSON body' : post.content ? `${post.content.length} characters` : 'no body';
  const message = `received a POST with ${body}`;
  const detail = {
    headers: post.headers,
    ...(post.json !== undefined ? { json: post.json } : {}),
    ...(post.content ? { content: cap(post.content) } : {}),
  };
  const env = { headers: post.headers, json: post.json ?? null, content: post.content ?? '' };
  return applyCheckTemplates(entry, pass(message, detail), env);
}

/**
 * A webhook check is not run: its result comes from what is POSTed to its URL. This is what a
 * Run Now of one that has had no POST yet shows (it is not stored).
 */
export async function runWebhook(entry: Entry): Promise<CheckOutcome> {
  const name = typeof entry.name === 'string' ? entry.name : '<check name>';
  return fail(
    `no POST received yet: webhook checks pass or fail by what is POSTed to api/canary/webhook/${name}`,
  );
}
