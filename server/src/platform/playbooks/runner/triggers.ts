/**
 * What starts runs besides people: platform events (`spec.on.canary|component|config`, each
 * `{event, filter, labels}`) and a cron (`spec.on.schedule`). A matching event queues one run per
 * playbook with the event's resource and `trigger` = the event's name; the playbook's `filters`
 * (CEL) must all hold too. The dispatcher may hand an event over twice (a consumer failed): a run
 * of the playbook for the same resource and trigger created since the event was queued means it
 * was handled, so it is not queued again.
 */
import type { Logger } from '../../../http/logging.js';
import type { Db } from '../../db/db.js';
import { parseSchedule, type JobRegistry, type PlatformEvent, type Task } from '../../jobs/index.js';
import { parametersOf, renderDefaults, withDefaults } from '../params.js';
import { filterPasses } from './context.js';
import type { PlaybookSpec } from './types.js';

type ResourceKind = 'check' | 'component' | 'config';

/** The platform events (migration 0016) a trigger can name, by the `on` list that names them. */
export const TRIGGER_EVENTS: Record<ResourceKind, string[]> = {
  check: ['check.failed', 'check.passed'],
  component: ['component.healthy', 'component.unhealthy', 'component.warning', 'component.unknown'],
  config: [
    'config.created',
    'config.updated',
    'config.deleted',
    'config.healthy',
    'config.unhealthy',
    'config.warning',
    'config.unknown',
  ],
};

const LIST: Record<ResourceKind, 'canary' | 'component' | 'config'> = {
  check: 'canary',
  component: 'component',
  config: 'config',
};
const TABLE: Record<ResourceKind, string> = { check: 'checks', component: 'components', config: 'configs' };

interface Trigger {
  event?: string;
  filter?: string;
  labels?: Record<string, string>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `failed` under `on.canary` is check.failed; a full name (`config.created`) is taken as it is. */
function eventName(kind: ResourceKind, event: string): string {
  return event.includes('.') ? event : `${kind}.${event}`;
}

const plain = (value: unknown) => JSON.parse(JSON.stringify(value ?? null)) as Record<string, unknown>;

export interface TriggerOptions {
  db: Db;
  logger: Logger;
  /** Called once runs were queued, so the runner starts them at once. */
  onQueued: () => void;
}

/** Queues the runs an event starts; the number queued. */
export async function fireEvent(options: TriggerOptions, event: PlatformEvent): Promise<number> {
  const { db } = options;
  const kind = (Object.keys(TRIGGER_EVENTS) as ResourceKind[]).find((k) =>
    TRIGGER_EVENTS[k].includes(event.name),
  );
  const id = typeof event.properties.id === 'string' ? event.properties.id : undefined;
  if (!kind || !id) return 0;
  const { rows: playbooks } = await db.query<TriggeredPlaybook>(
    `select id, name, namespace, title, spec from playbooks
      where deleted_at is null and jsonb_typeof(spec->'on'->$1) = 'array'`,
    [LIST[kind]],
  );
  if (playbooks.length === 0) return 0;
  // The table name is one of three constants; the id is bound.
  const resource = (await db.query(`select * from ${TABLE[kind]} where id = $1`, [id])).rows[0];
  if (!resource) return 0;
  const data = { [kind]: plain(resource), event: { name: event.name, properties: event.properties } };
  const labels = {
    ...(isObject(resource.tags) ? resource.tags : {}),
    ...(isObject(resource.labels) ? resource.labels : {}),
  };
  let queued = 0;
  for (const playbook of playbooks) {
    const triggers = (playbook.spec.on?.[LIST[kind]] ?? []) as Trigger[];
    const matches = triggers.some((trigger) => {
      if (!trigger?.event || eventName(kind, trigger.event) !== event.name) return false;
      if (trigger.labels && Object.entries(trigger.labels).some(([k, v]) => String(labels[k] ?? '') !== v))
        return false;
      return passes(options, playbook.id, trigger.filter, data);
    });
    if (!matches) continue;
    if (!(playbook.spec.filters ?? []).every((filter) => passes(options, playbook.id, filter, data)))
      continue;
    const { rows } = await db.query(
      `insert into playbook_runs (playbook_id, status, spec, parameters, ${kind}_id, trigger)
       select $1, 'pending', p.spec, $5, $2, $3 from playbooks p
        where p.id = $1 and not exists (
          select 1 from playbook_runs r where r.playbook_id = $1 and r.${kind}_id = $2 and r.trigger = $3
             and r.created_at >= $4)
       returning id`,
      [
        playbook.id,
        id,
        event.name,
        event.created_at,
        defaultParameters(options, playbook, { [kind]: data[kind] }),
      ],
    );
    queued += rows.length;
  }
  if (queued > 0) options.onQueued();
  return queued;
}

interface TriggeredPlaybook {
  id: string;
  name: string;
  namespace: string;
  title: string | null;
  spec: PlaybookSpec;
}

/**
 * A triggered run's parameters: their defaults, rendered against the resource as the run dialog
 * renders them; when one cannot be rendered the run starts with none, and the log says why.
 */
function defaultParameters(
  options: TriggerOptions,
  playbook: TriggeredPlaybook,
  resource: Record<string, unknown>,
): string {
  const env = {
    ...resource,
    playbook: { id: playbook.id, name: playbook.name, namespace: playbook.namespace, title: playbook.title },
    params: {},
  };
  const parameters = parametersOf(playbook.spec);
  try {
    return JSON.stringify(withDefaults(renderDefaults(parameters, env), {}));
  } catch (error) {
    options.logger.warn(
      { playbook: playbook.id, err: error },
      'a triggered run starts without its parameter defaults',
    );
    return '{}';
  }
}

function passes(
  options: TriggerOptions,
  playbookId: string,
  filter: string | undefined,
  data: Record<string, unknown>,
) {
  if (!filter?.trim()) return true;
  try {
    return filterPasses(filter, data);
  } catch (error) {
    options.logger.warn(
      { playbook: playbookId, filter, err: error },
      'a playbook trigger filter could not be evaluated',
    );
    return false;
  }
}

export function registerEventTriggers(jobs: JobRegistry, options: TriggerOptions): void {
  for (const name of Object.values(TRIGGER_EVENTS).flat())
    jobs.events.on(name, async (event) => void (await fireEvent(options, event)));
}

export const SCHEDULE_TASK = 'playbook-schedules';

/**
 * The task (leader-held) that queues the runs of playbooks with `on.schedule`: one run when a
 * slot of the cron has come since the playbook's last scheduled run (or since it was last saved);
 * slots missed while nothing ran are run once, not each.
 */
export function scheduleTask(options: TriggerOptions, everyMs = 15_000): Task {
  return {
    name: SCHEDULE_TASK,
    every: everyMs,
    timeoutMs: 60_000,
    run: async () => {
      const { db } = options;
      const { rows } = await db.query<TriggeredPlaybook & { schedule: string; since: Date }>(
        `select p.id, p.name, p.namespace, p.title, p.spec, p.spec->'on'->>'schedule' as schedule,
            coalesce((select max(r.created_at) from playbook_runs r where r.playbook_id = p.id and r.trigger = 'schedule'),
                     p.updated_at) as since
           from playbooks p where p.deleted_at is null and coalesce(p.spec->'on'->>'schedule', '') <> ''`,
      );
      const errors: string[] = [];
      let queued = 0;
      for (const playbook of rows) {
        let next: Date;
        try {
          next = parseSchedule(playbook.schedule).next(new Date(playbook.since));
        } catch (error) {
          errors.push(`playbook ${playbook.id}: ${(error as Error).message}`);
          continue;
        }
        if (next.getTime() > Date.now()) continue;
        await db.query(
          `insert into playbook_runs (playbook_id, status, spec, parameters, trigger)
           select id, 'pending', spec, $2, 'schedule' from playbooks where id = $1`,
          [playbook.id, defaultParameters(options, playbook, {})],
        );
        queued++;
      }
      if (queued > 0) options.onQueued();
      return { successCount: queued, errorCount: errors.length, errors };
    },
  };
}
