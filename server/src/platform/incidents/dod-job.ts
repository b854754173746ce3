/**
 * The 'IncidentDefinitionOfDone' task: evaluates the script of every automatic
 * definition-of-done item of the incidents not yet resolved or closed, against the evidence's
 * target, writes `done` and the outcome (evidences.properties.script, see common/dod-scripts.ts),
 * and resolves each incident whose items are then all done. One item's failing script is
 * recorded on that item and counted as the run's error; the others go on.
 */
import type { Db } from '../db/db.js';
import type { Task, TaskOutcome } from '../jobs/types.js';
import { evaluateDodItem, resolveIfDone, type DodItem } from './definition-of-done.js';

export const DOD_TASK = 'IncidentDefinitionOfDone';

interface ItemRow extends DodItem {
  incident_id: string;
  done: boolean;
}

const ITEMS = `
  select e.id, e.type, e.description, e.script, e.done, h.incident_id,
         to_jsonb(c) as component, to_jsonb(k) as check, to_jsonb(a) as config_analysis,
         to_jsonb(g) as config
    from evidences e
    join hypotheses h on h.id = e.hypothesis_id
    join incidents i on i.id = h.incident_id
    left join components c on c.id = e.component_id
    left join checks k on k.id = e.check_id
    left join config_analysis a on a.id = e.config_analysis_id
    left join configs g on g.id = coalesce(e.config_id, a.config_id)
   where e.definition_of_done and coalesce(trim(e.script), '') <> ''
     and i.status not in ('resolved', 'closed')
   order by h.incident_id, e.created_at`;

/** Held by a run, so two runs at once do not interleave their writes of one item. */
export const DOD_LOCK = 7_240_021;

/** One run: every pending automatic item evaluated, each incident settled in its own transaction. */
export function runDefinitionOfDone(db: Db, now = new Date()): Promise<TaskOutcome> {
  return db.withAdvisoryLock(DOD_LOCK, () => evaluateItems(db, now));
}

async function evaluateItems(db: Db, now: Date): Promise<TaskOutcome> {
  const { rows } = await db.query<ItemRow>(ITEMS);
  const byIncident = new Map<string, ItemRow[]>();
  for (const row of rows) byIncident.set(row.incident_id, [...(byIncident.get(row.incident_id) ?? []), row]);
  const errors: string[] = [];
  let evaluated = 0;
  let resolved = 0;
  for (const [incidentId, items] of byIncident) {
    await db.transaction(async (tx) => {
      let finished = false;
      for (const item of items) {
        const { done, outcome } = evaluateDodItem(item, now);
        evaluated++;
        if (outcome.error) errors.push(`evidence ${item.id}: ${outcome.error}`);
        if (done && !item.done) finished = true;
        await tx.query(
          `update evidences
              set done = coalesce($2, done),
                  properties = coalesce(properties, '{}'::jsonb) || jsonb_build_object('script', $3::jsonb)
            where id = $1`,
          [item.id, done ?? null, JSON.stringify(outcome)],
        );
      }
      // Only an item becoming done resolves: an incident reopened with every item done stays open.
      if (finished && (await resolveIfDone(tx, incidentId))) resolved++;
    });
  }
  return {
    successCount: evaluated - errors.length,
    errors,
    details: { evaluated, incidents: byIncident.size, resolved },
  };
}

/** The task, every minute by default. */
export function definitionOfDoneTask(db: Db, every = 60_000): Task {
  return { name: DOD_TASK, every, run: () => runDefinitionOfDone(db) };
}
