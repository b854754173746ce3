import type { Fixture } from './test-fixture.js';

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** One request to a fixture's router; the JSON answer parsed. */
export async function request(
  fixture: Fixture,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${fixture.baseUrl}/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
}
