/**
 * Delivers team responders to their external system in the background: a queue consumer of the
 * jobs registry over the responders an insert marked pending (migration 0023), in every replica,
 * each responder claimed by one of them. A failed try records its error on the responder and is
 * tried again after a backoff; after the last try the responder is left `failed` with the error.
 * The request that added the responder never waits for any of it. A team responder with no target
 * (the wizard's 'None': type team, no responderType) is never marked pending, so never claimed.
 */
import {
  isResponderType,
  fillFields,
  type ResponderClient,
} from '../../../../../common/responder-templates.js';
import type { Logger } from '../../../http/logging.js';
import { readKeyRef, type KubeConnection } from '../../../kube/index.js';
import type { Db } from '../../db/db.js';
import { redactSecrets, resolveReferences } from '../../health/references.js';
import { backoffAfter, claimStatement, type JobRegistry, type QueueConsumer } from '../../jobs/index.js';
import { DEFAULT_URL, deliver, type Delivery, type Target } from './targets.js';

export interface ResponderDeliveryOptions {
  db: Db;
  logger: Logger;
  /** Where `secret://` and `valueFrom` references of a connection are read. */
  kube?: KubeConnection;
  /** Tries before a responder is left failed (default 5). */
  maxAttempts?: number;
  /** The wait after the first failed try, doubled after each next one (default 3 s), up to maxBackoffMs (10 min). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How long a claimed responder stays taken, so one whose replica died is tried again (default 5 min). */
  leaseMs?: number;
  pollMs?: number;
}

interface Claimed {
  id: string;
  delivery_attempts: number;
}

const CLAIM = claimStatement({
  table: 'responders',
  due: `delivery_status = 'pending' and delivery_next_at <= now()`,
  orderBy: 'delivery_next_at',
  set: `delivery_attempts = delivery_attempts + 1, delivery_next_at = now() + $2::float8 * interval '1 millisecond'`,
  returning: 'id, delivery_attempts',
});

interface ResponderRow {
  id: string;
  type: string;
  properties: Record<string, unknown> | null;
  deleted_at: Date | null;
  spec: Record<string, unknown> | null;
  incident: Delivery['incident'];
}

const LOAD = `select r.id, r.type, r.properties, r.deleted_at, t.spec,
    jsonb_build_object('id', i.id, 'incident_id', i.incident_id, 'title', i.title, 'severity', i.severity,
      'status', i.status, 'type', i.type, 'description', i.description) as incident
  from responders r join teams t on t.id = r.team_id join incidents i on i.id = r.incident_id
  where r.id = $1`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : isObject(value) && typeof value.value === 'string'
      ? value.value
      : undefined;

/**
 * A responder or team configuration that cannot be delivered (no configuration, no URL, a
 * reference that cannot be read), with the secrets read so far (to keep out of the error).
 */
class Failure extends Error {
  constructor(
    message: string,
    readonly secrets: string[],
  ) {
    super(message);
  }
}

export class ResponderDelivery {
  private readonly log: Logger;

  constructor(private readonly options: ResponderDeliveryOptions) {
    this.log = options.logger.child({ component: 'responder-delivery' });
  }

  register(jobs: JobRegistry): void {
    jobs.addQueueConsumer(this.consumer());
  }

  consumer(): QueueConsumer<Claimed> {
    const { db } = this.options;
    const leaseMs = this.options.leaseMs ?? 300_000;
    return {
      queue: 'responder-delivery',
      batchSize: 5,
      pollMs: this.options.pollMs,
      claim: async (limit) => (await db.query<Claimed>(CLAIM, [limit, leaseMs])).rows,
      handle: (item, ctx) => this.handle(item, ctx.signal),
    };
  }

  private async handle(item: Claimed, signal: AbortSignal): Promise<void> {
    const { db } = this.options;
    let secrets: string[] = [];
    try {
      const { rows } = await db.query<ResponderRow>(LOAD, [item.id]);
      const row = rows[0];
      if (!row || row.deleted_at) {
        await db.query(
          `update responders set delivery_status = 'cancelled', delivery_next_at = null where id = $1`,
          [item.id],
        );
        return;
      }
      const properties = row.properties ?? {};
      const responderType = isResponderType(properties.responderType) ? properties.responderType : row.type;
      if (!isResponderType(responderType) || responderType === 'person')
        throw new Failure(`'${responderType}' is not a responder type delivered anywhere`, []);
      const clients =
        isObject(row.spec) && isObject(row.spec.responder_clients) ? row.spec.responder_clients : {};
      const client = clients[responderType];
      if (!isObject(client))
        throw new Failure(`the team has no responder configuration for ${responderType}`, []);
      const resolved = await this.target(responderType, client as ResponderClient);
      secrets = resolved.secrets;
      const given: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(properties))
        if (key !== 'responderType' && key !== 'external_id' && typeof value === 'string') given[key] = value;
      // What the form did not fill (a responder an incident rule added) is filled here.
      const fields = fillFields(given, { ...given, incident: row.incident }) as Record<string, string>;
      const externalId = await deliver(
        { responderType, fields, incident: row.incident, signal },
        resolved.target,
      );
      await db.query(
        `update responders set external_id = $2, delivery_status = 'sent', delivery_error = null,
           delivery_next_at = null, delivered_at = now(), updated_at = now() where id = $1`,
        [item.id, externalId],
      );
      this.log.info({ responder: item.id, type: responderType }, 'responder delivered');
    } catch (error) {
      if (signal.aborted) {
        // Stopping is not the responder's fault: the next start, or another replica, tries again.
        await db.query(`update responders set delivery_next_at = now() where id = $1`, [item.id]);
        return;
      }
      if (error instanceof Failure) secrets = [...secrets, ...error.secrets];
      const message = redactSecrets(error instanceof Error ? error.message : String(error), secrets);
      const maxAttempts = this.options.maxAttempts ?? 5;
      // A configuration that names nowhere to deliver does not mend itself: no second try.
      const retryIn =
        error instanceof Failure || item.delivery_attempts >= maxAttempts
          ? null
          : backoffAfter(
              item.delivery_attempts,
              this.options.backoffMs ?? 3000,
              this.options.maxBackoffMs ?? 600_000,
            );
      await db.query(
        `update responders set delivery_error = $2,
           delivery_status = case when $3::float8 is null then 'failed' else 'pending' end,
           delivery_next_at = now() + $3::float8 * interval '1 millisecond', updated_at = now()
         where id = $1`,
        [item.id, message, retryIn],
      );
      this.log.warn(
        { responder: item.id, attempts: item.delivery_attempts, retryInMs: retryIn, error: message },
        'responder delivery failed',
      );
    }
  }

  /**
   * The URL and credentials of a client: its `connection` (a stored connection, whose username
   * and password may be secret references), with `url`, `username` and `password` given in the
   * client itself (literals or `valueFrom` references) winning.
   */
  private async target(
    responderType: string,
    client: ResponderClient,
  ): Promise<{ target: Target; secrets: string[] }> {
    const { db, kube } = this.options;
    const entry: Record<string, unknown> = {};
    for (const key of ['connection', 'url', 'username', 'password'])
      if (client[key] !== undefined) entry[key] = client[key];
    const byDefault =
      entry.url === undefined && typeof entry.connection !== 'string'
        ? DEFAULT_URL[responderType as 'ms_planner']
        : undefined;
    if (byDefault) entry.url = byDefault;
    let resolved: Record<string, unknown>;
    let secrets: string[];
    try {
      ({ entry: resolved, secrets } = await resolveReferences(entry, {
        namespace: 'default',
        readKeyRef: (ref) => readKeyRef(kube, ref),
        db,
      }));
    } catch (error) {
      throw new Failure(error instanceof Error ? error.message : String(error), []);
    }
    const url = text(resolved.url);
    if (!url)
      throw new Failure(`the ${responderType} responder configuration names no connection or url`, secrets);
    // The service's public address alone is no account on it: asking without a token is refused.
    if (byDefault && !text(resolved.password))
      throw new Failure(
        `the ${responderType} responder configuration names no connection or password (token)`,
        secrets,
      );
    const properties: Record<string, string> = {};
    if (typeof client.connection === 'string') {
      // The connection's own settings (fromName, encryptionMethod...), found as references.ts finds it.
      const parts = client.connection
        .replace(/^connection:\/\//, '')
        .split('/')
        .filter(Boolean);
      const [qualifier, name] = parts.length === 2 ? parts : [null, parts[0] ?? ''];
      const { rows } = await db.query<{ properties: Record<string, unknown> | null }>(
        `select properties from connections
          where deleted_at is null and name = $1 and ($2::text is null or namespace = $2 or type = $2)
          order by (namespace = 'default') desc, created_at limit 1`,
        [name, qualifier],
      );
      for (const [key, value] of Object.entries(rows[0]?.properties ?? {}))
        if (typeof value === 'string') properties[key] = value;
    }
    for (const key of ['from', 'fromName', 'encryptionMethod'])
      if (typeof client[key] === 'string') properties[key] = client[key];
    return {
      target: { url, username: text(resolved.username), password: text(resolved.password), properties },
      secrets,
    };
  }
}
