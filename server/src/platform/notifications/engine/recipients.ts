/**
 * Who a rule's messages go to: its person (their email), its team (the team's own notification
 * targets in `spec.notifications`, else one email to its members), or its `custom_services`
 * (`{connection: "connection://<namespace>/<name>"}` or `{url: "<provider URL>"}`). A recipient is
 * listed when the event is handled (key and how people may read it) and resolved to a delivery
 * target only when it is delivered, so no address or secret is kept in the send history.
 */
import type { KubeConnection } from '../../../kube/index.js';
import type { Queryable } from '../../db/db.js';
import { connectionResolver } from '../../connections/index.js';
import type { DeliveryTarget, Senders } from './delivery-contract.js';
import type { NotificationRule } from './match.js';

export interface Recipient {
  /** Which of the rule's recipients: person, team, team:<n>, custom:<n>. */
  key: string;
  /** As the send history shows it: team name, connection://ns/name, URL without credentials; null for a person. */
  recipient: string | null;
  personId: string | null;
  /** The custom service's entry, when the recipient is one. */
  service?: ServiceEntry;
}

interface ServiceEntry {
  connection?: string;
  url?: string;
}

/** Why a recipient cannot be delivered to; another try would not help. */
export class RecipientError extends Error {}

export const NO_SMTP = 'no SMTP server configured: set SMTP_URL to send email to people and teams';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function entriesOf(value: unknown): ServiceEntry[] {
  const list = Array.isArray(value) ? value : isObject(value) ? [value] : [];
  return list.filter(isObject).map((entry) => ({
    connection: typeof entry.connection === 'string' && entry.connection ? entry.connection : undefined,
    url: typeof entry.url === 'string' && entry.url ? entry.url : undefined,
  }));
}

/** A URL as the history may show it: scheme and host, never its user, password, path or query. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const rest = parsed.pathname.replace(/^\/$/, '') || parsed.search ? '/…' : '';
    return `${parsed.protocol}//${parsed.host}${rest}`;
  } catch {
    return 'an unreadable URL';
  }
}

/** `connection://ns/name` as written, or the bare name given. */
export const displayConnection = (ref: string) =>
  ref.startsWith('connection://') ? ref : `connection://${ref}`;

const describe = (entry: ServiceEntry) =>
  entry.connection ? displayConnection(entry.connection) : entry.url ? displayUrl(entry.url) : null;

async function teamOf(db: Queryable, teamId: string) {
  const { rows } = await db.query<{ name: string; spec: unknown }>(
    `select name, spec from teams where id = $1 and deleted_at is null`,
    [teamId],
  );
  return rows[0];
}

/** The rule's recipients, without reading any address. */
export async function listRecipients(db: Queryable, rule: NotificationRule): Promise<Recipient[]> {
  if (rule.person_id) return [{ key: 'person', recipient: null, personId: rule.person_id }];
  if (rule.team_id) {
    const team = await teamOf(db, rule.team_id);
    if (!team) return [{ key: 'team', recipient: 'a deleted team', personId: null }];
    const own = entriesOf(isObject(team.spec) ? team.spec.notifications : undefined);
    if (own.length === 0) return [{ key: 'team', recipient: team.name, personId: null }];
    return own.map((service, n) => ({
      key: `team:${n}`,
      recipient: `${team.name} (${describe(service) ?? 'no target'})`,
      personId: null,
      service,
    }));
  }
  return entriesOf(rule.custom_services).map((service, n) => ({
    key: `custom:${n}`,
    recipient: describe(service),
    personId: null,
    service,
  }));
}

export interface ResolveOptions {
  senders: Pick<Senders, 'emailTarget'>;
  kube?: KubeConnection;
}

export interface ResolvedRecipient {
  target: DeliveryTarget;
  connectionId: string | null;
  /** Values to keep out of errors (the connection's secrets). */
  secrets: Set<string>;
}

async function emailsOf(db: Queryable, text: string, id: string): Promise<string[]> {
  const { rows } = await db.query<{ email: string | null }>(text, [id]);
  return rows.flatMap((row) => (row.email ? [row.email] : []));
}

function emailTo(senders: ResolveOptions['senders'], to: string[], who: string): DeliveryTarget {
  if (to.length === 0) throw new RecipientError(`${who} has no email address`);
  const target = senders.emailTarget(to);
  if (!target) throw new RecipientError(NO_SMTP);
  return target;
}

async function serviceTarget(
  db: Queryable,
  rule: NotificationRule,
  service: ServiceEntry,
  options: ResolveOptions,
): Promise<ResolvedRecipient> {
  const secrets = new Set<string>();
  if (service.url) return { target: { url: service.url }, connectionId: null, secrets };
  if (!service.connection) throw new RecipientError('the recipient names neither a connection nor a URL');
  const resolve = connectionResolver(db, { namespace: rule.namespace, kube: options.kube, secrets });
  let connection;
  try {
    connection = await resolve(service.connection);
  } catch (error) {
    throw new RecipientError(
      `${displayConnection(service.connection)} cannot be read: ${(error as Error).message}`,
    );
  }
  if (!connection) throw new RecipientError(`${displayConnection(service.connection)} does not exist`);
  const { rows } = await db.query<{ id: string }>(
    `select id from connections where deleted_at is null and name = $1 and namespace = $2 limit 1`,
    [connection.name, connection.namespace ?? 'default'],
  );
  return { target: { connection }, connectionId: rows[0]?.id ?? null, secrets };
}

/** Where one of the rule's recipients is delivered now; throws RecipientError when it cannot be. */
export async function resolveRecipient(
  db: Queryable,
  rule: NotificationRule,
  key: string,
  options: ResolveOptions,
): Promise<ResolvedRecipient> {
  const none = { connectionId: null, secrets: new Set<string>() };
  if (key === 'person') {
    if (!rule.person_id) throw new RecipientError('the rule no longer names a person');
    const to = await emailsOf(
      db,
      `select email from people where id = $1 and deleted_at is null`,
      rule.person_id,
    );
    return { target: emailTo(options.senders, to, 'the person'), ...none };
  }
  if (key === 'team') {
    if (!rule.team_id) throw new RecipientError('the rule no longer names a team');
    const to = await emailsOf(
      db,
      `select p.email from team_members m join people p on p.id = m.person_id
        where m.team_id = $1 and p.deleted_at is null order by p.email`,
      rule.team_id,
    );
    return { target: emailTo(options.senders, to, 'the team'), ...none };
  }
  const listed = (await listRecipients(db, rule)).find((recipient) => recipient.key === key);
  if (!listed?.service) throw new RecipientError('the rule no longer has this recipient');
  return serviceTarget(db, rule, listed.service, options);
}
