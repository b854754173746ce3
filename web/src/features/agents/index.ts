// Agents: the list at /agents and /settings/agents, with the agent form, the token's
// Installation Instructions and the two-step delete.
export { AgentsListPage } from './AgentsListPage.js';
export { AgentStatusLabel } from './AgentStatusLabel.js';
export { agentStatus, ONLINE_WITHIN_MS } from './agent-status.js';
export type { AgentStatus } from './agent-status.js';
