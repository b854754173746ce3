/**
 * The tables the agent pushes (migrations 0042_agent_outbox.sql and 0045_agent_playbook_runs.sql):
 * their PushData key, primary key and which of their rows are the local agent's.
 */
import { LOCAL_AGENT } from '../local-agent.js';

export interface PushedTable {
  /** The key of the platform's PushData (docs/agents.md, "Push"). */
  key: string;
  /** Primary key columns and their SQL types, as the outbox's `pk` names them. */
  pk: Record<string, 'uuid' | 'text'>;
  /** SQL over the row `x`: true for the local agent's rows (the value $2 is LOCAL_AGENT). */
  owned: string;
}

const byConfig = `exists (select 1 from configs o where o.id = x.config_id and o.agent_id = $2)`;
const byCheck = `exists (select 1 from checks o where o.id = x.check_id and o.agent_id = $2)`;
const own = `x.agent_id = $2`;
const id = { id: 'uuid' } as const;

/** The source of the playbooks taken from the hub: what marks them as the hub's to change (and to remove). */
export const PULLED_PLAYBOOK_SOURCE = 'Upstream';

/** A run of one of the hub's playbooks, made here: the hub sees its outcome. */
const pulledRun = (run: string) =>
  `((${run}.agent_id is null or ${run}.agent_id = $2) and exists (select 1 from playbooks p
     where p.id = ${run}.playbook_id and p.source = '${PULLED_PLAYBOOK_SOURCE}'))`;

export const PUSHED_TABLES: Record<string, PushedTable> = {
  config_scrapers: { key: 'config_scrapers', pk: id, owned: own },
  configs: { key: 'config_items', pk: id, owned: own },
  topologies: { key: 'topologies', pk: id, owned: own },
  components: { key: 'components', pk: id, owned: own },
  canaries: { key: 'canaries', pk: id, owned: own },
  checks: { key: 'checks', pk: id, owned: own },
  check_statuses: { key: 'check_statuses', pk: { check_id: 'uuid', time: 'text' }, owned: byCheck },
  config_changes: { key: 'config_changes', pk: id, owned: byConfig },
  config_analysis: { key: 'config_analysis', pk: id, owned: byConfig },
  config_relationships: {
    key: 'config_relationships',
    pk: { config_id: 'uuid', related_id: 'uuid', selector_id: 'text' },
    owned: byConfig,
  },
  config_component_relationships: {
    key: 'config_component_relationships',
    pk: { component_id: 'uuid', config_id: 'uuid', selector_id: 'text' },
    owned: `exists (select 1 from components o where o.id = x.component_id and o.agent_id = $2)`,
  },
  check_component_relationships: {
    key: 'check_component_relationships',
    pk: { check_id: 'uuid', component_id: 'uuid', selector_id: 'text' },
    owned: byCheck,
  },
  check_config_relationships: {
    key: 'check_config_relationships',
    pk: { check_id: 'uuid', config_id: 'uuid', selector_id: 'text' },
    owned: byCheck,
  },
  job_histories: { key: 'job_history', pk: id, owned: `(x.agent_id is null or x.agent_id = $2)` },
  // Not a key of the platform's PushData: this hub's own addition (docs/agents.md, "Push").
  playbook_runs: { key: 'playbook_runs', pk: id, owned: pulledRun('x') },
  playbook_run_actions: {
    key: 'playbook_actions',
    pk: id,
    owned: `(x.agent_id = $2 or exists (select 1 from playbook_runs r where r.id = x.playbook_run_id and ${pulledRun('r')}))`,
  },
};

/**
 * Columns never sent: a person of the agent means nothing to the hub (and its foreign key
 * there would fail); the hub shows such rows without a creator.
 */
export const UNSENT_COLUMNS = ['created_by'];

export { LOCAL_AGENT };
