/**
 * POST /api/playbook/webhook/{path}: an external system starts the playbook whose
 * `spec.on.webhook.path` is {path}. Mounted before the sign-in and the CSRF check (the caller is
 * a system, not a person with a session); the playbook's own `on.webhook.authentication` proves
 * the caller, as the platform's: `basic` (HTTP Basic), `github` (X-Hub-Signature-256, an
 * HMAC-SHA256 of the body), `svix` (svix-id/-timestamp/-signature); `jwt` is refused (501). A
 * webhook without authentication takes any POST, as the platform's. The body is read raw here,
 * so that a signature is checked over the bytes that were sent.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { Router, type Request } from 'express';
import { disabledMessage } from '../../access/feature-map.js';
import type { FlagReader } from '../../access/guard.js';
import { HttpError } from '../../http/errors.js';
import { KeyRefError, readKeyRef, type KubeConnection } from '../../kube/index.js';
import type { Db } from '../db/db.js';
import { ParameterError, validateRunParams, withDefaults } from './params.js';
import { insertRun, renderedParameters, templateEnv, type PlaybookRow } from './runs.js';
import { durationMs } from '../../lib/duration.js';

export const WEBHOOK_BODY_LIMIT = '1mb';

/** The headers a run keeps of its request: not those that carry credentials. */
const SECRET_HEADERS = new Set([
  'authorization',
  'cookie',
  'proxy-authorization',
  'x-hub-signature',
  'x-hub-signature-256',
  'svix-signature',
  'webhook-signature',
  'x-csrf-token',
]);

export interface SecretValue {
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name?: string; key?: string };
    configMapKeyRef?: { name?: string; key?: string };
  };
}

/** The authentication of a webhook, its secrets read. */
export interface WebhookSecrets {
  basic?: { username: string; password: string };
  github?: { token: string };
  svix?: { secret: string; verifyTimestamp?: string };
  jwt?: { jwksUri?: string };
}

export interface WebhookCall {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  now?: Date;
}

export type WebhookVerdict = { ok: true } | { ok: false; status: 401 | 501; message: string };

function sameText(a: string, b: string): boolean {
  const [left, right] = [Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')];
  // Compare equal lengths only; a length mismatch still costs one comparison.
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

const header = (call: WebhookCall, name: string): string | undefined => {
  const value = call.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** The seconds of a duration such as 5m, 30s, 1h30m; undefined when unreadable. */
export function secondsOf(duration: string): number | undefined {
  const ms = durationMs(duration, { units: ['ms', 's', 'm', 'h', 'd'] });
  return ms === undefined ? undefined : ms / 1000;
}

/** Whether the call proves itself as the authentication asks. */
export function verifyWebhook(auth: WebhookSecrets | undefined, call: WebhookCall): WebhookVerdict {
  if (!auth) return { ok: true };
  if (auth.jwt)
    return {
      ok: false,
      status: 501,
      message: 'JWT authentication of playbook webhooks is not supported by this console',
    };
  if (auth.basic) {
    const given = header(call, 'authorization') ?? '';
    const match = /^Basic\s+(.+)$/i.exec(given);
    if (!match) return { ok: false, status: 401, message: 'Username and password required' };
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    const at = decoded.indexOf(':');
    const username = at < 0 ? decoded : decoded.slice(0, at);
    const password = at < 0 ? '' : decoded.slice(at + 1);
    const userOk = sameText(username, auth.basic.username);
    const passwordOk = sameText(password, auth.basic.password);
    if (!userOk || !passwordOk)
      return { ok: false, status: 401, message: 'Username or password did not match' };
  }
  if (auth.github) {
    const signature = (header(call, 'x-hub-signature-256') ?? '').replace(/^sha256=/, '');
    const expected = createHmac('sha256', auth.github.token).update(call.body).digest('hex');
    if (!sameText(signature, expected)) return { ok: false, status: 401, message: 'Invalid signature' };
  }
  if (auth.svix) {
    const id = header(call, 'svix-id') ?? header(call, 'webhook-id');
    const timestamp = header(call, 'svix-timestamp') ?? header(call, 'webhook-timestamp');
    const signatures = header(call, 'svix-signature') ?? header(call, 'webhook-signature');
    if (!id || !timestamp || !signatures) return { ok: false, status: 401, message: 'Missing svix headers' };
    const seconds = Number(timestamp);
    if (!Number.isInteger(seconds)) return { ok: false, status: 401, message: 'Bad svix timestamp' };
    if (auth.svix.verifyTimestamp) {
      const tolerance = secondsOf(auth.svix.verifyTimestamp);
      const now = (call.now ?? new Date()).getTime() / 1000;
      if (tolerance !== undefined && Math.abs(now - seconds) > tolerance)
        return { ok: false, status: 401, message: 'The svix timestamp is too old or too new' };
    }
    const key = Buffer.from(auth.svix.secret.replace(/^whsec_/, ''), 'base64');
    const expected = createHmac('sha256', key).update(`${id}.${seconds}.`).update(call.body).digest('base64');
    const matches = signatures
      .split(' ')
      .map((s) => s.split(','))
      .some(([version, value]) => version === 'v1' && value !== undefined && sameText(value, expected));
    if (!matches) return { ok: false, status: 401, message: 'Invalid signature' };
  }
  return { ok: true };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A secret value of the spec: its `value`, or the Secret/ConfigMap key it names. */
async function readSecret(
  value: unknown,
  namespace: string,
  kube: KubeConnection | undefined,
): Promise<string> {
  if (!isRecord(value)) return '';
  const secret = value as SecretValue;
  if (typeof secret.value === 'string') return secret.value;
  const from = secret.valueFrom;
  const ref = from?.secretKeyRef ?? from?.configMapKeyRef;
  if (!ref?.name || !ref.key) return '';
  return readKeyRef(kube, {
    kind: from?.secretKeyRef ? 'secret' : 'configmap',
    namespace,
    name: ref.name,
    key: ref.key,
  });
}

/** The webhook's authentication with its secrets read (never logged nor answered). */
export async function webhookSecrets(
  authentication: unknown,
  namespace: string,
  kube: KubeConnection | undefined,
): Promise<WebhookSecrets | undefined> {
  if (!isRecord(authentication)) return undefined;
  const out: WebhookSecrets = {};
  const { basic, github, svix, jwt } = authentication;
  if (isRecord(basic))
    out.basic = {
      username: await readSecret(basic.username, namespace, kube),
      password: await readSecret(basic.password, namespace, kube),
    };
  if (isRecord(github)) out.github = { token: await readSecret(github.token, namespace, kube) };
  if (isRecord(svix))
    out.svix = {
      secret: await readSecret(svix.secret, namespace, kube),
      verifyTimestamp: typeof svix.verifyTimestamp === 'string' ? svix.verifyTimestamp : undefined,
    };
  if (isRecord(jwt)) out.jwt = { jwksUri: typeof jwt.jwksUri === 'string' ? jwt.jwksUri : undefined };
  return Object.keys(out).length > 0 ? out : undefined;
}

/** What a run keeps of the request, for `.request` in its templates. */
export function requestContext(req: Request, body: Buffer, path: string): Record<string, unknown> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (SECRET_HEADERS.has(name) || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.query)) if (typeof value === 'string') params[name] = value;
  const content = body.toString('utf8');
  const context: Record<string, unknown> = { method: req.method, path, headers, params, content };
  if (content.trim() !== '') {
    try {
      context.json = JSON.parse(content) as unknown;
    } catch {
      // Not JSON: the content alone.
    }
  }
  return context;
}

export const NO_WEBHOOK = (path: string) => `No playbook has the webhook '${path}'`;

/** The router of POST /api/playbook/webhook/{path}. */
export function createPlaybookWebhookRouter({
  db,
  flags,
  kube,
  onRunQueued,
}: {
  db: Db;
  flags: FlagReader;
  kube?: KubeConnection;
  onRunQueued?: () => void;
}): Router {
  const router = Router();
  router.post('/:path', express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }), async (req, res) => {
    if ((await flags()).includes('playbooks')) throw new HttpError(403, disabledMessage('playbooks'));
    const path = String(req.params.path);
    const { rows } = await db.query<PlaybookRow>(
      `select id, name, namespace, title, icon, description, category, spec from playbooks
          where deleted_at is null and spec->'on'->'webhook'->>'path' = $1
          order by created_at, id`,
      [path],
    );
    if (rows.length === 0) throw new HttpError(404, NO_WEBHOOK(path));
    if (rows.length > 1) throw new HttpError(409, `Several playbooks have the webhook '${path}'`);
    const playbook = rows[0]!;
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let secrets: WebhookSecrets | undefined;
    try {
      secrets = await webhookSecrets(playbook.spec.on?.webhook?.authentication, playbook.namespace, kube);
    } catch (error) {
      if (error instanceof KeyRefError)
        throw new HttpError(503, `The webhook's credentials cannot be read: ${error.message}`);
      throw error;
    }
    const verdict = verifyWebhook(secrets, { headers: req.headers, body });
    if (!verdict.ok) throw new HttpError(verdict.status, verdict.message);
    const request = requestContext(req, body, path);
    let parameters;
    try {
      parameters = renderedParameters(playbook, templateEnv({ playbook, request }));
    } catch (error) {
      if (error instanceof ParameterError) throw new HttpError(400, error.message);
      throw error;
    }
    const problem = validateRunParams(parameters, withDefaults(parameters, {}));
    if (problem) throw new HttpError(400, problem);
    const run = await db.transaction((tx) =>
      insertRun(tx, { playbook, parameters, values: {}, createdBy: null, trigger: 'webhook', request }),
    );
    onRunQueued?.();
    res.status(201).json({ run_id: run.id, starts_at: new Date(run.scheduled_time).toISOString() });
  });
  return router;
}
