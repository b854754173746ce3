/**
 * The topology's /api/db write rules. A person links a component to a catalog item by hand
 * (config_component_relationships, selector_id 'manual'; the catalog's rules keep every other
 * link the scrapers'): both must exist and be live (422), and a link that is already there
 * answers 409 rather than the database's key violation. A link removed earlier (deleted_at
 * set) holds the same key, so making it again replaces it.
 */
import { UUID } from '../../lib/uuid.js';
import { RestError } from '../rest/errors.js';
import type { WriteRules, WriteTarget } from '../rest/write-rules.js';

export const COMPONENT_MISSING = (id: string) => `Component ${id} does not exist or was deleted`;
export const CONFIG_MISSING = (id: string) => `Catalog item ${id} does not exist or was deleted`;
export const ALREADY_LINKED = 'This component is already linked to this catalog item';
export const LINK_IDS_REQUIRED = 'A link needs a component_id and a config_id, both UUIDs';

const unprocessable = (message: string) => new RestError(422, 'PGRST422', message);

interface LinkRow {
  component_id: string;
  config_id: string;
  selector_id: string;
}

function linksOf(rows: Record<string, unknown>[]): LinkRow[] {
  return rows.map((row) => {
    const { component_id, config_id, selector_id } = row;
    if (typeof component_id !== 'string' || !UUID.test(component_id)) throw unprocessable(LINK_IDS_REQUIRED);
    if (typeof config_id !== 'string' || !UUID.test(config_id)) throw unprocessable(LINK_IDS_REQUIRED);
    return { component_id, config_id, selector_id: typeof selector_id === 'string' ? selector_id : '' };
  });
}

async function missingIds(target: WriteTarget, table: 'components' | 'configs', ids: string[]) {
  const { rows } = await target.tx.query<{ id: string }>(
    `select id::text as id from ${table} where id = any($1::uuid[]) and deleted_at is null`,
    [ids],
  );
  const live = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !live.has(id.toLowerCase()));
}

const manualLinks = {
  validate({ method, rows }: { method: string; rows: Record<string, unknown>[] }) {
    if (method === 'POST') linksOf(rows);
  },
  async guard(target: WriteTarget) {
    if (target.method !== 'POST') return;
    const links = linksOf(target.rows);
    const [component] = await missingIds(target, 'components', [
      ...new Set(links.map((l) => l.component_id)),
    ]);
    if (component) throw unprocessable(COMPONENT_MISSING(component));
    const [config] = await missingIds(target, 'configs', [...new Set(links.map((l) => l.config_id))]);
    if (config) throw unprocessable(CONFIG_MISSING(config));
    const keys = [
      links.map((l) => l.component_id),
      links.map((l) => l.config_id),
      links.map((l) => l.selector_id),
    ];
    const { rows } = await target.tx.query<{ live: boolean }>(
      `select deleted_at is null as live from config_component_relationships r
       join unnest($1::uuid[], $2::uuid[], $3::text[]) k (component_id, config_id, selector_id)
         on r.component_id = k.component_id and r.config_id = k.config_id and r.selector_id = k.selector_id`,
      keys,
    );
    if (rows.some((row) => row.live)) throw new RestError(409, '23505', ALREADY_LINKED);
    if (rows.length > 0)
      await target.tx.query(
        `delete from config_component_relationships r
         using unnest($1::uuid[], $2::uuid[], $3::text[]) k (component_id, config_id, selector_id)
         where r.component_id = k.component_id and r.config_id = k.config_id
           and r.selector_id = k.selector_id and r.deleted_at is not null`,
        keys,
      );
  },
};

export const topologyWriteRules: WriteRules = {
  config_component_relationships: manualLinks,
};
