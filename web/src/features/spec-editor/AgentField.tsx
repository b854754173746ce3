import { FormGroup, FormSelect, FormSelectOption, GridItem } from '@patternfly/react-core';
import { LOCAL_AGENT } from '../../../../common/agents.js';
import { db, useDbQuery } from '../../api/index.js';
import type { SpecFormState } from './use-spec-form.js';

export interface AgentOption {
  id: string;
  name: string;
}

/** The live agents a canary or scrape config may be assigned to (the local console left out). */
export const agentsKey = `agents?select=id,name&deleted_at=is.null&id=neq.${LOCAL_AGENT}`;
const listAgents = () =>
  db
    .from('agents')
    .select('id,name')
    .is('deleted_at', null)
    .neq('id', LOCAL_AGENT)
    .order('name', { ascending: true })
    .overrideTypes<AgentOption[], { merge: false }>();

/**
 * Agent: where a canary or scrape config runs, this console by default or a live agent that pulls
 * it (saved as agent_id). Shown only on those kinds, and only once at least one agent exists.
 */
export function AgentField({ form }: { form: SpecFormState }) {
  const { agent } = form;
  const { data: agents } = useDbQuery<AgentOption[]>(agent ? agentsKey : null, listAgents);
  if (!agent || !agents || agents.length === 0) return null;
  const known = agent.id === LOCAL_AGENT || agents.some((option) => option.id === agent.id);
  return (
    <GridItem md={6}>
      <FormGroup label="Agent" fieldId={form.id('agent')}>
        <FormSelect
          id={form.id('agent')}
          value={agent.id}
          onChange={(_event, value) => agent.set(value)}
          isDisabled={form.disabled}
        >
          <FormSelectOption value={LOCAL_AGENT} label="This console (local)" />
          {agents.map((option) => (
            <FormSelectOption key={option.id} value={option.id} label={option.name} />
          ))}
          {!known && <FormSelectOption value={agent.id} label={agent.id} />}
        </FormSelect>
      </FormGroup>
    </GridItem>
  );
}
