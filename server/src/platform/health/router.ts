/**
 * /api/canary: the health dashboard's summary and Run Now (spec 1 §7), the paths the platform's
 * canary API has; the Canary spec's schema and validator are the console's own (/api/specs).
 * Mounted after the sign-in and CSRF checks; every route needs the `health` feature and read on
 * canaries.
 */
import express, { Router, type Response } from 'express';
import { disabledMessage } from '../../access/feature-map.js';
import { requireAction, requireFeature, requirePermission, type FlagReader } from '../../access/guard.js';
import { HttpError } from '../../http/errors.js';
import { sendWhole } from '../../http/send.js';
import { KeyRefError, readKeyRef, type KubeConnection } from '../../kube/index.js';
import type { Db } from '../db/db.js';
import type { SharedReads } from '../rest/shared-reads.js';
import { graphHandler } from './graph.js';
import type { Entry } from './canary-spec.js';
import { EntryError } from './kinds/common.js';
import { keptHeaders, webhookOutcome, webhookTokenMatches, type WebhookPost } from './kinds/webhook.js';
import { resolveReferences } from './references.js';
import { recordResult } from './results.js';
import { readSummaryQuery } from './summary-range.js';
import { sharedSummaries, type SharedSummaries } from './summary-shared.js';
import { healthSummary, SummaryAborted } from './summary.js';
import type { CheckResult, RunCheckResponse } from './types.js';
import { UUID } from '../../lib/uuid.js';

/** What Run Now needs of the check runner. */
export interface CheckRunner {
  /** undefined when the check does not exist or is deleted */
  runNow(checkId: string): Promise<{ result: CheckResult } | undefined>;
}

export const CHECK_NOT_FOUND = 'Check not found';
export const NO_RUNNER = 'The check runner is not running';

const HOUR_MS = 3_600_000;

/** Aborts when the client goes away before the answer is sent. */
function disconnectSignal(res: Response): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** What a summary answers depends on: the parameters readSummaryQuery reads, as given. */
const SUMMARY_PARAMETERS = ['start', 'end', 'check_id', 'canary_id', 'agent_id', 'status', 'include_deleted'];
const summaryKey = (params: Record<string, unknown>) =>
  JSON.stringify(SUMMARY_PARAMETERS.map((name) => params[name] ?? null));

async function liveCheckExists(db: Db, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const { rows } = await db.query(
    `select 1 from checks k join canaries c on c.id = k.canary_id
     where k.id = $1 and k.deleted_at is null and c.deleted_at is null`,
    [id],
  );
  return rows.length > 0;
}

export function createHealthRouter({
  db,
  flags,
  runner,
  sharedReads,
  summaries = sharedSummaries(),
}: {
  db: Db;
  flags: FlagReader;
  runner?: CheckRunner;
  /** Its forgetting on each write forgets the summaries being shared too. */
  sharedReads?: SharedReads;
  summaries?: SharedSummaries;
}): Router {
  const router = Router();
  sharedReads?.onForget(summaries.forget);
  const healthOn = requireFeature('health', flags);
  router.use(requirePermission('canaries', 'read'), healthOn);

  router.get('/api/summary', async (req, res) => {
    const query = readSummaryQuery(req.query);
    const signal = disconnectSignal(res);
    try {
      // Requests asking the same while it is computed share it, written as JSON once.
      const body = await summaries.share(summaryKey(req.query), signal, async (shared) =>
        JSON.stringify(await healthSummary(db, query, { signal: shared })),
      );
      sendWhole(req, res.type('application/json'), body);
    } catch (error) {
      // The caller is gone: there is nobody to answer.
      if (error instanceof SummaryAborted || signal.aborted) return;
      throw error;
    }
  });

  router.get('/api/graph', graphHandler(db));

  router.post('/run/check/:id', requireAction('checks.run', flags), async (req, res) => {
    const id = String(req.params.id);
    if (!(await liveCheckExists(db, id))) throw new HttpError(404, CHECK_NOT_FOUND);
    if (!runner) throw new HttpError(503, NO_RUNNER);
    const ran = await runner.runNow(id);
    if (!ran) throw new HttpError(404, CHECK_NOT_FOUND);
    const now = new Date();
    const summary = await healthSummary(
      db,
      { from: new Date(now.getTime() - HOUR_MS), to: now, checkId: id, includeDeleted: false },
      { now },
    );
    const check = summary.checks_summary[0];
    if (!check) throw new HttpError(404, CHECK_NOT_FOUND);
    res.json({ result: ran.result, check } satisfies RunCheckResponse);
  });

  return router;
}

/**
 * POST /api/canary/webhook/{check name or id}: the result of a webhook check, as upstream's
 * canary-checker takes it. Mounted before the sign-in: the caller is a system, not a person,
 * and proves itself with the check's `token` (`?token=` or a `Webhook-Token` header); a check
 * without a token takes any POST, as upstream.
 */
export function createHealthWebhookRouter({
  db,
  flags,
  kube,
}: {
  db: Db;
  flags: FlagReader;
  /** Where a token kept in a Secret is read from. */
  kube?: KubeConnection;
}): Router {
  const router = Router();
  // JSON bodies are parsed before this router; any other body is kept as text.
  router.post('/:id', express.text({ type: () => true, limit: '1mb' }), async (req, res) => {
    if ((await flags()).includes('health')) throw new HttpError(403, disabledMessage('health'));
    const id = String(req.params.id);
    const { rows } = await db.query<{ id: string; spec: Entry | null; namespace: string | null }>(
      `select k.id, k.spec, c.namespace from checks k join canaries c on c.id = k.canary_id
        where k.type = 'webhook' and k.deleted_at is null and c.deleted_at is null
          and (k.name = $1 or k.id::text = $1)`,
      [id],
    );
    if (rows.length === 0) throw new HttpError(404, `No webhook check '${id}'`);
    if (rows.length > 1)
      throw new HttpError(409, `Several webhook checks are named '${id}': post to the check's id`);
    const check = rows[0]!;
    const spec = check.spec ?? {};
    const given = typeof req.query.token === 'string' ? req.query.token : req.get('Webhook-Token');
    let matches: boolean;
    try {
      // The token may be kept in a Secret or ConfigMap of the canary's namespace.
      const { entry } = await resolveReferences(
        { token: spec.token },
        { namespace: check.namespace ?? 'default', readKeyRef: (ref) => readKeyRef(kube, ref), db },
      );
      matches = webhookTokenMatches(entry, given);
    } catch (error) {
      if (error instanceof EntryError || error instanceof KeyRefError)
        throw new HttpError(503, `The webhook check's token cannot be read: ${error.message}`);
      throw error;
    }
    if (!matches) throw new HttpError(401, 'Invalid webhook token');
    const body: unknown = req.body;
    const post: WebhookPost = { headers: keptHeaders(req.headers) };
    if (typeof body === 'string') {
      if (body) post.content = body;
    } else if (body !== undefined) post.json = body;
    const outcome = webhookOutcome(spec, post);
    await recordResult(db, check.id, { time: new Date().toISOString(), duration: 0, ...outcome }, null);
    res.json({ message: 'ok', status: outcome.status ? 'healthy' : 'unhealthy' });
  });
  return router;
}
