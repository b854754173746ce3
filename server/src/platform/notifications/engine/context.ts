/**
 * What a rule's filter and template see for an event (docs/notifications.md, "Filter and
 * template"): `check`, `check_status`, `canary`, `component`, `config`, `agent`, `event`, and the
 * shortcuts `name`, `status`, `health`, `labels`, `permalink` and `silenceURL`, as the platform
 * documents them. Rows are read when the event is handled, not when it was queued.
 */
import type { Queryable } from '../../db/db.js';
import type { PlatformEvent } from '../../jobs/index.js';
import type { ResourceType } from '../types.js';

export interface EventResource {
  type: ResourceType;
  id: string;
  name: string;
  namespace: string | null;
  /** Ancestors for recursive silences: a component's or config's path, a check's canary. */
  ancestors: string[];
  canaryId: string | null;
}

export interface EventContext {
  /** The resource the event is about; none for playbook events or a resource that is gone. */
  resource: EventResource | undefined;
  env: Record<string, unknown>;
}

const KIND_OF_EVENT: Record<string, ResourceType> = {
  check: 'check',
  component: 'component',
  config: 'config',
};

/** The resource type an event name is about ('check.failed' → check); undefined for playbooks. */
export function resourceTypeOf(eventName: string): ResourceType | undefined {
  return KIND_OF_EVENT[eventName.split('.')[0]!];
}

/** Dates as ISO text, JSON as it is: what CEL and templates print. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value ?? null)) as Record<string, unknown> | null;

const without = (row: Record<string, unknown> | undefined, ...columns: string[]) => {
  if (!row) return undefined;
  const copy = { ...row };
  for (const column of columns) delete copy[column];
  return plain(copy) ?? undefined;
};

const one = async (db: Queryable, text: string, params: unknown[]) =>
  (await db.query(text, params)).rows[0] as Record<string, unknown> | undefined;

const pathIds = (path: unknown, parent: unknown) =>
  [
    ...(typeof path === 'string' ? path.split('.') : []),
    ...(typeof parent === 'string' ? [parent] : []),
  ].filter(Boolean);

/** Where the console shows the resource, under its public address (ends with '/'). */
export function permalinkOf(
  consoleUrl: string,
  type: ResourceType | undefined,
  id: string | undefined,
): string {
  if (!type || !id) return consoleUrl;
  const path = {
    check: `health?checkId=${id}`,
    component: `topology/${id}`,
    config: `catalog/${id}`,
    canary: `health?canaryId=${id}`,
  }[type];
  return new URL(path, consoleUrl).toString();
}

/** The silence form for the resource, filled in. */
export function silenceUrlOf(
  consoleUrl: string,
  type: ResourceType | undefined,
  id: string | undefined,
): string {
  const url = new URL('notifications/silences/add', consoleUrl);
  if (type && id) url.searchParams.set(`${type}_id`, id);
  return url.toString();
}

async function agentOf(db: Queryable, agentId: unknown) {
  if (typeof agentId !== 'string') return undefined;
  return without(
    await one(db, `select id, name, hostname, description from agents where id = $1`, [agentId]),
  );
}

/** Reads the event's resource and builds the context its rules are evaluated in. */
export async function eventContext(
  db: Queryable,
  event: Pick<PlatformEvent, 'id' | 'name' | 'properties' | 'created_at'>,
  consoleUrl: string,
): Promise<EventContext> {
  const type = resourceTypeOf(event.name);
  const id = typeof event.properties.id === 'string' ? event.properties.id : undefined;
  const env: Record<string, unknown> = {
    event: {
      id: event.id,
      name: event.name,
      properties: plain(event.properties),
      created_at: new Date(event.created_at).toISOString(),
    },
  };
  let resource: EventResource | undefined;
  if (type === 'check' && id) {
    const check = await one(db, `select * from checks where id = $1`, [id]);
    if (check) {
      env.check = without(check, 'spec');
      env.check_status = without(
        await one(
          db,
          `select status, message, error, duration, time from check_statuses where check_id = $1
            order by time desc limit 1`,
          [id],
        ),
      );
      env.canary = without(await one(db, `select * from canaries where id = $1`, [check.canary_id]), 'spec');
      env.agent = await agentOf(db, check.agent_id);
      resource = {
        type,
        id,
        name: String(check.name),
        namespace: (check.namespace as string | null) ?? null,
        ancestors: [],
        canaryId: (check.canary_id as string | null) ?? null,
      };
    }
  } else if (type === 'component' && id) {
    const component = await one(db, `select * from components where id = $1`, [id]);
    if (component) {
      env.component = without(component, 'checks', 'summary');
      env.agent = await agentOf(db, component.agent_id);
      resource = {
        type,
        id,
        name: String(component.name),
        namespace: (component.namespace as string | null) ?? null,
        ancestors: pathIds(component.path, component.parent_id),
        canaryId: null,
      };
    }
  } else if (type === 'config' && id) {
    const config = await one(db, `select * from configs where id = $1`, [id]);
    if (config) {
      env.config = without(config, 'config');
      env.agent = await agentOf(db, config.agent_id);
      resource = {
        type,
        id,
        name: String(config.name),
        namespace: (config.namespace as string | null) ?? null,
        ancestors: pathIds(config.path, config.parent_id),
        canaryId: null,
      };
    }
  }
  // Every part is there, empty when the event has none, so `config.name == ''` reads on any event.
  for (const part of ['check', 'check_status', 'canary', 'component', 'config', 'agent']) env[part] ??= {};
  const row = (resource ? env[resource.type] : undefined) as Record<string, unknown> | undefined;
  env.name = row?.name ?? '';
  env.status = row?.status ?? '';
  env.health = row?.health ?? (resource?.type === 'check' ? row?.status : '') ?? '';
  env.labels = row?.labels ?? {};
  env.tags = row?.tags ?? {};
  env.permalink = permalinkOf(consoleUrl, resource?.type, resource?.id);
  env.silenceURL = silenceUrlOf(consoleUrl, resource?.type, resource?.id);
  return { resource, env };
}

/** A sample context for an event name: what "Send test" renders when no real event is at hand. */
export function sampleContext(eventName: string, consoleUrl: string): EventContext {
  const type = resourceTypeOf(eventName);
  const sample = { id: '00000000-0000-0000-0000-000000000001', name: 'sample', status: 'unhealthy' };
  const env: Record<string, unknown> = {
    event: { id: sample.id, name: eventName, properties: {}, created_at: new Date().toISOString() },
    name: sample.name,
    status: sample.status,
    health: sample.status,
    labels: {},
    tags: {},
    permalink: consoleUrl,
    silenceURL: silenceUrlOf(consoleUrl, undefined, undefined),
  };
  if (type) env[type] = { ...sample, labels: {} };
  if (type === 'check') {
    env.canary = { name: 'sample', namespace: 'default' };
    env.check_status = { status: false, error: 'a sample failure', message: '' };
  }
  return { resource: undefined, env };
}
