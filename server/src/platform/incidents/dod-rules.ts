/**
 * The definition of done's /api/db rule: a person marking the last item done (PATCH evidences
 * with done, or definition_of_done on an item already done) resolves the incident in the same
 * transaction, as the scheduled evaluation does.
 */
import type { WriteRules } from '../rest/write-rules.js';
import { resolveIfDone } from './definition-of-done.js';

export const dodWriteRules: WriteRules = {
  evidences: {
    async after({ method, tx, written }) {
      if (method !== 'PATCH') return;
      const touched = written
        .filter((row) => row.definition_of_done === true)
        .map((row) => row.hypothesis_id);
      if (touched.length === 0) return;
      const { rows } = await tx.query<{ incident_id: string }>(
        `select distinct incident_id from hypotheses where id = any($1::uuid[]) order by incident_id`,
        [touched],
      );
      for (const { incident_id } of rows) await resolveIfDone(tx, incident_id);
    },
  },
};
