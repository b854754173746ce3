import { jsonRequest } from './session.js';
import type { Caller, TestServer } from './server.js';

/** A status and the parsed JSON body (undefined when there is none). */
export interface Answer {
  status: number;
  body: unknown;
}

export type JsonCall = (method: string, path: string, body?: unknown, as?: Caller) => Promise<Answer>;

/**
 * Calls as the UI's client does: a JSON body, and the written rows back (`return=representation`).
 * `server` is read at each call: suites start theirs in beforeAll.
 */
export function jsonCaller(server: () => Pick<TestServer, 'fetch'>): JsonCall {
  return async (method, path, body, as = 'admin') => {
    const init = body === undefined ? { method } : jsonRequest(method, body);
    const headers = { ...(init.headers as Record<string, string>), Prefer: 'return=representation' };
    const response = await server().fetch(path, { ...init, headers }, as);
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
}
