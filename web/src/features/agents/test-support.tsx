// The agents area's fixtures for its tests.
import type { Agent } from './agents-api.js';

/** An agent as /api/db/agents_summary answers it (creator embedded), the fields overridden. */
export function agentRow(fields: Partial<Agent> = {}): Agent {
  return {
    id: 'a1',
    name: 'eu-west',
    description: 'The EU cluster',
    properties: { region: 'eu-west-1' },
    spec: { kubernetes: { enabled: true, interval: '1h' }, pushTelemetry: { enabled: false } },
    last_seen: new Date().toISOString(),
    last_received: null,
    created_by: { id: 'u1', name: 'Jane Doe', avatar: null },
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-02T00:00:00Z',
    deleted_at: null,
    config_count: 12,
    checks_count: 3,
    config_scrapper_count: 2,
    playbook_runs_count: 5,
    ...fields,
  };
}

/** A fresh access token as generate and a new token answer it. */
export const generated = (token = 'token-abc123') => ({
  id: 'p1',
  username: 'agent-eu-west',
  access_token: token,
  agent_id: 'a9',
});
