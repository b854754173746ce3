/**
 * The agents area's server side: the hub's /api/agent router (generate, token rotation), the
 * agents' /api/db write rules, and the /api/upstream router agents call.
 */
export { LOCAL_AGENT } from './local-agent.js';
export { createAgentsRouter } from './router.js';
export { agentWriteRules } from './rules.js';
export { createUpstreamRouter } from './upstream/router.js';
export type * from './types.js';
