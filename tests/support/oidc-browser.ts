/**
 * Sign-in at the OpenID provider the tests run (hack/oidc-provider.ts) through plain HTTP, as a
 * browser does it: the console's sign-in address, the provider's login and consent pages, the
 * callback.
 */
import type { TestServer } from './server.js';
import { CSRF_COOKIE, SESSION_COOKIE, SessionClient } from './session.js';

interface Cookie {
  name: string;
  value: string;
  path: string;
  attributes: string;
}

/**
 * What a browser does for these pages: keeps cookies (by path; like a browser, not by port)
 * and lets the test follow each redirect itself.
 */
export class Browser {
  readonly cookies = new Map<string, Cookie>();
  /** Every Set-Cookie header received, in order. */
  readonly setCookies: string[] = [];

  cookie(name: string): Cookie | undefined {
    return [...this.cookies.values()].find((cookie) => cookie.name === name);
  }

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const { pathname } = new URL(url);
    const cookie = [...this.cookies.values()]
      .filter((c) => pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const response = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...init.headers },
      body: init.form ? new URLSearchParams(init.form) : undefined,
    });
    for (const header of response.headers.getSetCookie()) this.store(header, pathname);
    return response;
  }

  private store(header: string, requestPath: string) {
    this.setCookies.push(header);
    const [pair = '', ...attributes] = header.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const attribute = (key: string) =>
      attributes
        .find((a) => a.trim().toLowerCase().startsWith(`${key}=`))
        ?.split('=')[1]
        ?.trim();
    const path = attribute('path') ?? requestPath.replace(/[^/]*$/, '');
    const expires = attribute('expires');
    const gone = attribute('max-age') === '0' || (expires && Date.parse(expires) <= Date.now()) || !value;
    const key = `${path}|${name}`;
    if (gone) this.cookies.delete(key);
    else this.cookies.set(key, { name, value, path, attributes: attributes.join(';') });
  }
}

export const location = (response: Response) => response.headers.get('location') ?? '';

/**
 * From the console's sign-in address through the provider's login and consent pages, up to
 * the provider's redirect back to the console, which is returned unfollowed.
 */
export async function authorizeAt(
  browser: Browser,
  server: Pick<TestServer, 'at'>,
  login: string,
  returnTo = '/health',
) {
  const start = await browser.request(
    server.at(`api/auth/oidc/login?return_to=${encodeURIComponent(returnTo)}`),
  );
  expect(start.status).toBe(302);
  const authorizationUrl = new URL(location(start));
  let url = authorizationUrl.href;
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(server.at('api/auth/oidc/callback'))) return { authorizationUrl, callbackUrl: url };
    const response = await browser.request(url);
    if (response.status >= 300 && response.status < 400) {
      url = new URL(location(response), url).href;
      continue;
    }
    const page = await response.text();
    expect(response.status).toBe(200);
    const form = /<form[^>]*action="([^"]+)"[^>]*method="post"[\s\S]*?name="prompt" value="(\w+)"/.exec(page);
    if (!form) throw new Error(`unexpected provider page at ${url}:\n${page.slice(0, 500)}`);
    const [, action = '', prompt = ''] = form;
    const fields: Record<string, string> =
      prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt };
    const submitted = await browser.request(new URL(action, url).href, { form: fields });
    expect(submitted.status).toBe(303);
    url = new URL(location(submitted), url).href;
  }
  throw new Error('the provider never redirected back to the console');
}

/** authorizeAt, then the console's callback: the browser holds the console's session after it. */
export async function signInAt(server: Pick<TestServer, 'at'>, login: string, returnTo = '/health') {
  const browser = new Browser();
  const { authorizationUrl, callbackUrl } = await authorizeAt(browser, server, login, returnTo);
  const callback = await browser.request(callbackUrl);
  return { browser, authorizationUrl, callbackUrl, callback };
}

/** Signs `login` in at `server` through the provider; a client with the session's cookies. */
export async function signedInThroughProvider(server: Pick<TestServer, 'at'>, login: string) {
  const { browser, callback } = await signInAt(server, login);
  expect(callback.status).toBe(302);
  const session = new SessionClient(server, {
    [SESSION_COOKIE]: browser.cookie(SESSION_COOKIE)!.value,
    [CSRF_COOKIE]: browser.cookie(CSRF_COOKIE)!.value,
  });
  return { session, browser };
}
