/**
 * How /readyz tells the platform of upstream mode: a probe of `GET PLATFORM_URL/db/` with the
 * console's token, made at most once per `maxAgeMs` (concurrent readers share it, and are
 * answered the last state while it runs), and
 * corrected by what forwarded requests see in between. The state is detail: the console stays
 * ready without its platform, as its own database still serves sign-in (docs/upstream.md).
 * A forwarded request that gets no answer marks the platform unreachable at once; an answer
 * after that has the next reader probe again.
 *
 *  - 'ok': the platform answered (any status below 500 but 401 and 403);
 *  - 'refused': it answered, refusing the console's token (401, 403): PLATFORM_TOKEN is wrong;
 *  - 'unreachable': no answer (connection refused, no such host, timed out, reset) or a 5xx.
 */
import http from 'node:http';
import https from 'node:https';
import type { PlatformSettings } from '../config.js';
import { reasonOf } from '../kube/connection.js';
import type { PlatformObserver } from './proxy.js';

export type PlatformState = 'ok' | 'unreachable' | 'refused';

class ProbeTimeout extends Error {}

export interface PlatformStatus {
  /** host[:port] of PLATFORM_URL. */
  host: string;
  state: PlatformState;
  /** Why it is not ok: 'connection refused', 'HTTP 401', 'no answer within 2 s'. */
  reason?: string;
}

export interface PlatformHealth extends PlatformObserver {
  /** The state, probed again when older than maxAgeMs. */
  status(): Promise<PlatformStatus>;
}

export const stateOfStatus = (status: number): PlatformState =>
  status === 401 || status === 403 ? 'refused' : status >= 500 || status === 0 ? 'unreachable' : 'ok';

export function createPlatformHealth(
  platform: Pick<PlatformSettings, 'url' | 'host' | 'token'>,
  {
    maxAgeMs = 5000,
    probeTimeoutMs = 2000,
    firstWaitMs = 800,
    now = Date.now,
  }: { maxAgeMs?: number; probeTimeoutMs?: number; firstWaitMs?: number; now?: () => number } = {},
): PlatformHealth {
  let known: { at: number; status: PlatformStatus } | undefined;
  let probing: Promise<PlatformStatus> | undefined;
  const note = (state: PlatformState, reason?: string) => {
    known = { at: now(), status: { host: platform.host, state, ...(reason ? { reason } : {}) } };
    return known.status;
  };

  // node:http as the proxy uses, not fetch(), which refuses ports browsers refuse (6000, 10080, ...).
  const probe = () =>
    new Promise<PlatformStatus>((resolve) => {
      const url = new URL(`${platform.url}/db/`);
      const request = (url.protocol === 'https:' ? https : http).get(
        url,
        {
          headers: platform.token ? { Authorization: `Bearer ${platform.token}` } : {},
          timeout: probeTimeoutMs,
        },
        (response) => {
          response.resume();
          const status = response.statusCode ?? 0;
          const state = stateOfStatus(status);
          resolve(note(state, state === 'ok' ? undefined : `HTTP ${status}`));
        },
      );
      request.once('timeout', () => request.destroy(new ProbeTimeout()));
      request.once('error', (error) =>
        resolve(
          note(
            'unreachable',
            error instanceof ProbeTimeout ? `no answer within ${probeTimeoutMs / 1000} s` : reasonOf(error),
          ),
        ),
      );
    });

  return {
    status() {
      const fresh = known && now() - known.at < maxAgeMs;
      if (!fresh) probing ??= probe().finally(() => (probing = undefined));
      // A stale state is answered while the probe runs: /readyz never waits for the platform
      // (Kubernetes gives a readiness probe 1 s), but for the first reader, briefly.
      if (known) return Promise.resolve(known.status);
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<PlatformStatus>((resolve) => {
        timer = setTimeout(
          () => resolve({ host: platform.host, state: 'unreachable', reason: 'not probed yet' }),
          firstWaitMs,
        );
        timer.unref();
      });
      return Promise.race([probing!, waited]).finally(() => clearTimeout(timer));
    },
    // One person's 403 or one route's 500 says nothing of the token or the platform: an answer
    // only makes an 'unreachable' state stale, so that the next reader probes again.
    noteAnswer() {
      if (known?.status.state === 'unreachable') known = undefined;
    },
    noteFailure(reason) {
      note('unreachable', reason);
    },
  };
}
