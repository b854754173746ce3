/**
 * Upstream mode (DESIGN §1, docs/upstream.md): with PLATFORM_URL the platform API group
 * (/api/db, /api/canary, /api/playbook, ... the paths createPlatformApi serves) is answered by an
 * existing platform, behind the console's own sign-in, CSRF check and guards. Mounted in app.ts
 * before the JSON body parser: request bodies reach the platform as the browser sent them,
 * streamed, and nothing here needs to read one (the /api/db guard reads the method, path and
 * query only). The platform's own limits apply to them.
 */
import type { RequestHandler } from 'express';
import { attachGrants } from '../access/attach-grants.js';
import type { FlagReader } from '../access/guard.js';
import type { GrantCache } from '../access/grant-cache.js';
import type { Authentication } from '../auth/authenticate.js';
import type { SessionAccessTokens } from '../auth/session-access-token.js';
import type { PlatformSettings } from '../config.js';
import type { Logger } from '../http/logging.js';
import type { DbSchema } from '../platform/rest/schema.js';
import { createPlatformAccess, PLATFORM_AREAS, sequence } from './access.js';
import type { PlatformHealth } from './health.js';
import { withOwnToken } from './person-token.js';
import { createPlatformProxy } from './proxy.js';

export { createPlatformHealth, type PlatformHealth, type PlatformStatus } from './health.js';
export { PLATFORM_AREAS } from './access.js';

export interface UpstreamApiDependencies {
  platform: PlatformSettings;
  /** `${basePath}api`, where the console's API starts in a request URL. */
  apiRoot: string;
  /** The console's own schema: the /api/db guard names relations and embeds by it. */
  schema: DbSchema;
  authentication: Authentication;
  grants: Pick<GrantCache, 'get'>;
  flags: FlagReader;
  logger: Logger;
  isShuttingDown: () => boolean;
  health?: PlatformHealth;
  /** PLATFORM_FORWARD_OIDC_TOKEN: a person signed in at the provider goes with their own token. */
  sessionAccessTokens?: SessionAccessTokens;
}

const AREA_PATH = new RegExp(`^/(${PLATFORM_AREAS.join('|')})(/|$)`);

/**
 * The platform API group in upstream mode, mounted on /api: its paths are signed in, CSRF
 * checked, guarded and forwarded; every other path passes on to the console's own routers.
 */
export function createUpstreamApi({
  platform,
  apiRoot,
  schema,
  authentication,
  grants,
  flags,
  logger,
  isShuttingDown,
  health,
  sessionAccessTokens,
}: UpstreamApiDependencies): RequestHandler {
  const proxy = createPlatformProxy({ platform, apiRoot, logger, isShuttingDown, observer: health });
  const forward = sessionAccessTokens ? withOwnToken(sessionAccessTokens, proxy) : proxy;
  const group = sequence([
    authentication.identify,
    authentication.requireSignedIn,
    authentication.csrf,
    attachGrants(grants),
    createPlatformAccess({ schema, flags, forward }),
  ]);
  return (req, res, next) => (AREA_PATH.test(req.path) ? group(req, res, next) : next());
}
