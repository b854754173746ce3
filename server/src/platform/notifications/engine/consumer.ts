/**
 * The rule engine, a consumer of the platform events rules may name: for each event, every rule
 * whose events contain it and whose filter holds gets one outcome, written in one transaction
 * with the mark that the event was handled for the rule (so an event handed over twice is
 * answered once): a `silenced` row when a silence covers the resource, a count on the
 * `repeat-interval` row within the rule's repeat interval, an `error` row when the rule's filter
 * or template fails (also recorded on the rule), else one `pending` row per recipient, which the
 * delivery queue sends.
 */
import type { Logger } from '../../../http/logging.js';
import { celContext } from '../../../lib/cel.js';
import type { Db, Queryable } from '../../db/db.js';
import type { PlatformEvent } from '../../jobs/index.js';
import { insertOutcome, markHandled, recordRuleError } from '../history.js';
import { silenceFor } from '../silences.js';
import { NOTIFICATION_EVENTS } from '../types.js';
import { eventContext, resourceTypeOf, type EventContext, type EventResource } from './context.js';
import { filterHolds, rulesFor, type NotificationRule } from './match.js';
import { listRecipients } from './recipients.js';
import { countRepeat } from './repeat.js';
import { renderMessage, TemplateFailure } from './template.js';

export interface RuleEngineOptions {
  db: Db;
  logger: Logger;
  /** The console's address as people reach it, ending with '/', for permalinks. */
  consoleUrl: () => string;
  /** Called once pending rows were written, so the delivery queue looks at once. */
  onPending: () => void;
}

export const NO_RECIPIENT = 'the rule has no recipient: choose a person, a team or a connection';

/** Serializes the outcomes of one rule for one resource, across replicas, until the transaction ends. */
async function lockRuleResource(tx: Queryable, ruleId: string, resourceId: string) {
  await tx.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [
    `notification:${ruleId}:${resourceId}`,
  ]);
}

type Decision = { holds: true } | { holds: false } | { error: string };

function decide(rule: NotificationRule, env: Record<string, unknown>): Decision {
  try {
    return filterHolds(rule.filter, env) ? { holds: true } : { holds: false };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** The outcome of one rule for one event, written in the caller's transaction; 'pending' when rows await delivery. */
async function answerRule(
  tx: Queryable,
  event: PlatformEvent,
  rule: NotificationRule,
  context: EventContext,
  decision: Exclude<Decision, { holds: false }>,
): Promise<'pending' | 'done'> {
  if (!(await markHandled(tx, event.id, rule.id))) return 'done';
  const { resource, env } = context;
  const base = { notificationId: rule.id, eventId: event.id, sourceEvent: event.name, resource };
  if ('error' in decision) {
    await recordRuleError(tx, rule.id, decision.error);
    await insertOutcome(tx, { ...base, status: 'error', error: decision.error });
    return 'done';
  }
  if (resource) {
    await lockRuleResource(tx, rule.id, resource.id);
    const silence = await silenceFor(tx, resource, env);
    if (silence) {
      await insertOutcome(tx, { ...base, status: 'silenced', silencedBy: silence });
      return 'done';
    }
    if (await countRepeat(tx, rule, resource, event.name)) return 'done';
  }
  let message;
  try {
    message = renderMessage(rule, event.name, env);
  } catch (error) {
    if (!(error instanceof TemplateFailure)) throw error;
    await recordRuleError(tx, rule.id, error.message);
    await insertOutcome(tx, { ...base, status: 'error', error: error.message });
    return 'done';
  }
  const recipients = await listRecipients(tx, rule);
  if (recipients.length === 0) {
    await insertOutcome(tx, {
      ...base,
      status: 'error',
      error: NO_RECIPIENT,
      title: message.title,
      message: message.body,
    });
    return 'done';
  }
  for (const recipient of recipients)
    await insertOutcome(tx, {
      ...base,
      status: 'pending',
      title: message.title,
      message: message.body,
      personId: recipient.personId,
      recipient: recipient.recipient,
      recipientKey: recipient.key,
    });
  return 'pending';
}

/** Answers one event for every rule it fires; throws (and the event is tried again) when the database fails. */
export async function handleNotificationEvent(
  options: RuleEngineOptions,
  event: PlatformEvent,
): Promise<void> {
  const { db } = options;
  const rules = await rulesFor(db, event.name);
  if (rules.length === 0) return;
  const context = await eventContext(db, event, options.consoleUrl());
  // An event about a check, component or config that no longer exists (deleted for good since
  // it was queued) has nothing to tell anyone: every filter over it would only fail.
  if (!context.resource && resourceTypeOf(event.name) !== undefined) return;
  let pending = false;
  // The event's values as CEL takes them, converted once for every rule's filter.
  const filterEnv = celContext(context.env);
  for (const rule of rules) {
    const decision = decide(rule, filterEnv);
    if ('holds' in decision && !decision.holds) continue;
    const outcome = await db.transaction((tx) => answerRule(tx, event, rule, context, decision));
    pending ||= outcome === 'pending';
  }
  if (pending) options.onPending();
}

export type { EventResource };

/** Registers the engine for every event a rule may name. */
export function registerRuleEngine(
  events: { on(name: string, handler: (event: PlatformEvent) => Promise<void>): void },
  options: RuleEngineOptions,
): void {
  for (const name of NOTIFICATION_EVENTS) events.on(name, (event) => handleNotificationEvent(options, event));
}
