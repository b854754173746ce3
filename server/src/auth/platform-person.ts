/**
 * Upstream mode: who a person signed in here is on the platform. The rows the UI reads and writes
 * are the platform's, and they name people by the platform's ids (`created_by`, responders,
 * "assigned to me"), so whoami answers the platform's id for the person the console forwards,
 * and the UI writes ids the platform knows. The console's own id stays in `consoleUserId`.
 */
import type { PlatformSettings } from '../config.js';
import type { Logger } from '../http/logging.js';
import { forwardedName, forwardedUserHeaders } from './forwarded-user.js';
import type { Principal } from './identities.js';

/** How long an answer is kept: a person's id on the platform does not change. */
const KEEP_MS = 10 * 60_000;
/** whoami waits no longer than this for the platform, and answers the console's own id meanwhile. */
const ASK_TIMEOUT_MS = 3_000;

/**
 * `ownToken`: the person's own access token (PLATFORM_FORWARD_OIDC_TOKEN), sent instead of the
 * console's token and the forwarding headers, as their requests are.
 */
export type PlatformPersonId = (person: Principal, ownToken?: string) => Promise<string | undefined>;

interface WhoamiBody {
  payload?: { user?: { id?: unknown } };
  user?: { id?: unknown };
}

/** The platform's whoami for the forwarded person: the envelope the platform answers, or ours. */
const idIn = (body: WhoamiBody): string | undefined => {
  const id = body.payload?.user?.id ?? body.user?.id;
  return typeof id === 'string' && id ? id : undefined;
};

export function createPlatformPersonId(platform: PlatformSettings, logger: Logger): PlatformPersonId {
  const known = new Map<string, { id: string; until: number }>();
  const asking = new Map<string, Promise<string | undefined>>();

  const ask = async (person: Principal, ownToken: string | undefined): Promise<string | undefined> => {
    const headers: Record<string, string> = ownToken
      ? { accept: 'application/json', authorization: `Bearer ${ownToken}` }
      : { accept: 'application/json', ...forwardedUserHeaders(person) };
    if (platform.token && !ownToken) headers.authorization = `Bearer ${platform.token}`;
    try {
      const response = await fetch(`${platform.url}/auth/whoami`, {
        headers,
        signal: AbortSignal.timeout(Math.min(ASK_TIMEOUT_MS, platform.timeoutMs)),
      });
      if (!response.ok) {
        logger.warn(
          { status: response.status, person: forwardedName(person) },
          'the platform does not know this person: their writes there will be refused',
        );
        return undefined;
      }
      return idIn((await response.json()) as WhoamiBody);
    } catch (error) {
      logger.warn({ reason: (error as Error).message }, 'could not ask the platform who a person is');
      return undefined;
    }
  };

  return async (person, ownToken) => {
    // The key names the person as the platform is told: a changed email asks again.
    const key = `${person.id} ${forwardedName(person)}`;
    const kept = known.get(key);
    if (kept && kept.until > Date.now()) return kept.id;
    let pending = asking.get(key);
    if (!pending) {
      pending = ask(person, ownToken).finally(() => asking.delete(key));
      asking.set(key, pending);
    }
    const id = await pending;
    if (id) known.set(key, { id, until: Date.now() + KEEP_MS });
    return id;
  };
}
