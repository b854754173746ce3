import type { CookieOptions, Request, Response } from 'express';
import { readCookie } from '../http/csrf.js';
import type { Db } from '../platform/db/db.js';
import type { ProviderTokens, Session, SessionStore } from './session-store.js';

/** The session cookie: only a random id, httpOnly, so page scripts never see it. */
export const SESSION_COOKIE = 'ops_console_session';
/** The CSRF token, readable by the UI's scripts, which repeat it in the X-CSRF-Token header. */
export const CSRF_COOKIE = 'csrf_token';

export interface SessionCookies {
  /**
   * Starts a session for the person and sets both cookies; the answer carries the CSRF token too.
   * A session the request still carries ends: every sign-in gets a new id (no session fixation).
   */
  start(
    req: Request,
    res: Response,
    personId: string,
    provider?: ProviderTokens,
  ): Promise<{ csrfToken: string }>;
  /** The live session the request's cookie names, with its id. */
  find(req: Request): Promise<(Session & { id: string }) | undefined>;
  /** Whether the request carries a session cookie at all (live or not). */
  present(req: Request): boolean;
  /** Ends the request's session (if any) and clears both cookies; returns the ended session. */
  end(req: Request, res: Response): Promise<Session | undefined>;
  clear(req: Request, res: Response): void;
}

export function createSessionCookies({
  db,
  sessions,
  basePath,
}: {
  db: Db;
  sessions: SessionStore;
  basePath: string;
}): SessionCookies {
  // Secure whenever the browser reached us over TLS (directly, or at a trusted proxy: TRUST_PROXY).
  const options = (req: Request, httpOnly: boolean): CookieOptions => ({
    httpOnly,
    sameSite: 'lax',
    secure: req.secure,
    path: basePath,
  });
  const idOf = (req: Request) => readCookie(req.headers.cookie, SESSION_COOKIE);

  const cookies: SessionCookies = {
    async start(req, res, personId, provider) {
      const previous = idOf(req);
      if (previous) await sessions.destroy(previous);
      const session = await sessions.create(personId, provider);
      await db.query(`update people set last_login = now() where id = $1`, [personId]);
      const expires = session.expiresAt;
      res.cookie(SESSION_COOKIE, session.id, { ...options(req, true), expires });
      res.cookie(CSRF_COOKIE, session.csrfToken, { ...options(req, false), expires });
      return { csrfToken: session.csrfToken };
    },

    async find(req) {
      const id = idOf(req);
      if (!id) return undefined;
      const session = await sessions.find(id);
      return session && { ...session, id };
    },

    present: (req) => Boolean(idOf(req)),

    async end(req, res) {
      const session = await cookies.find(req);
      const id = idOf(req);
      if (id) await sessions.destroy(id);
      cookies.clear(req, res);
      return session;
    },

    clear(req, res) {
      res.clearCookie(SESSION_COOKIE, options(req, true));
      res.clearCookie(CSRF_COOKIE, options(req, false));
    },
  };
  return cookies;
}
