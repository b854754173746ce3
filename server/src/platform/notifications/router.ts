/**
 * /api/notification: the calls of the notifications area besides /api/db (docs/notifications.md):
 * saving a silence and previewing what it would silence, and "Send test" of a rule. Every route
 * needs the notifications feature and write on notifications.
 */
import { Router, type Request } from 'express';
import { requireFeature, requirePermission, type FlagReader } from '../../access/guard.js';
import { HttpError } from '../../http/errors.js';
import type { KubeConnection } from '../../kube/index.js';
import type { Db } from '../db/db.js';
import { RestError, toRestError } from '../rest/errors.js';
import { UUID } from '../../lib/uuid.js';
import { failureOf, type Senders } from './engine/delivery-contract.js';
import { sampleContext } from './engine/context.js';
import { ruleById } from './engine/match.js';
import { listRecipients, RecipientError, resolveRecipient } from './engine/recipients.js';
import { renderMessage } from './engine/template.js';
import { withoutSecrets } from './delivery.js';
import { previewSilence, readSilenceRequest, saveSilence } from './silences.js';
import type { TestSendResult } from './types.js';

export const RULE_NOT_FOUND = 'Notification rule not found';

export interface NotificationsRouterDependencies {
  db: Db;
  flags: FlagReader;
  senders: Senders;
  kube?: KubeConnection;
  /** PUBLIC_URL; unset, the console's address is taken from the request. */
  publicUrl?: string;
  /** The longest a test delivery may take (default 30 s). */
  timeoutMs?: number;
}

/** A refusal of a rule or of the database, as this router answers errors. */
function asHttpError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (!(error instanceof RestError) && (error as { code?: unknown })?.code === undefined) return error;
  const rest = toRestError(error);
  return rest.status >= 500 ? error : new HttpError(rest.status, rest.message, rest.code, rest.details);
}

/** The console's address as the caller reached it: PUBLIC_URL, else the request's origin and base path. */
function consoleUrlOf(req: Request, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const base = req.originalUrl
    .slice(0, req.originalUrl.length - req.url.length)
    .replace(/api\/notification\/?$/, '');
  return `${req.protocol}://${req.get('host') ?? 'localhost'}${base.endsWith('/') ? base : `${base}/`}`;
}

/** Delivers a sample message of the rule's first event to each of its recipients; writes no history. */
async function sendTest(
  deps: NotificationsRouterDependencies,
  ruleId: string,
  consoleUrl: string,
): Promise<TestSendResult> {
  const rule = await ruleById(deps.db, ruleId);
  if (!rule) throw new HttpError(404, RULE_NOT_FOUND);
  const { env } = sampleContext(rule.events[0] ?? 'check.failed', consoleUrl);
  const started = Date.now();
  let message;
  try {
    message = renderMessage(rule, rule.events[0] ?? 'check.failed', env);
  } catch (error) {
    return { status: 'error', error: (error as Error).message, duration_millis: 0, recipients: [] };
  }
  const recipients = await listRecipients(deps.db, rule);
  if (recipients.length === 0)
    return { status: 'error', error: 'the rule has no recipient', duration_millis: 0, recipients: [] };
  const names = recipients.map((recipient) => recipient.recipient ?? 'the rule’s person');
  const errors: string[] = [];
  for (const recipient of recipients) {
    let secrets = new Set<string>();
    try {
      const resolved = await resolveRecipient(deps.db, rule, recipient.key, {
        senders: deps.senders,
        kube: deps.kube,
      });
      secrets = resolved.secrets;
      await deps.senders.deliver(
        resolved.target,
        { ...message, title: `[Test] ${message.title}` },
        {
          timeoutMs: deps.timeoutMs ?? 30_000,
        },
      );
    } catch (error) {
      const reason = error instanceof RecipientError ? error.message : failureOf(error).message;
      errors.push(withoutSecrets(reason, secrets));
    }
  }
  const duration_millis = Date.now() - started;
  return errors.length > 0
    ? { status: 'error', error: errors.join('; '), duration_millis, recipients: names }
    : { status: 'sent', duration_millis, recipients: names };
}

export function createNotificationsRouter(deps: NotificationsRouterDependencies): Router {
  const router = Router();
  router.use(requireFeature('settings.notifications', deps.flags));
  router.use(requirePermission('notifications', 'write'));

  router.post('/silence', async (req, res) => {
    const silence = readSilenceRequest(req.body);
    try {
      res.status(201).json(await saveSilence(deps.db, silence, req.user?.id));
    } catch (error) {
      throw asHttpError(error);
    }
  });

  router.post('/silence/preview', async (req, res) => {
    res.json(await previewSilence(deps.db, readSilenceRequest(req.body), consoleUrlOf(req, deps.publicUrl)));
  });

  router.post('/test', async (req, res) => {
    const id = (req.body as { id?: unknown } | undefined)?.id;
    if (typeof id !== 'string' || !UUID.test(id)) throw new HttpError(400, 'id must be the rule’s id');
    res.json(await sendTest(deps, id, consoleUrlOf(req, deps.publicUrl)));
  });

  return router;
}
