/** The topology area: what other areas and the server use of it. */
export { buildTopology, type BuildOptions } from './build/run.js';
export type { BuildSummary, TopologyRow } from './build/types.js';
export {
  registerTopologyWork,
  TOPOLOGY_JOB,
  TOPOLOGY_RESOURCE,
  TopologyNotRunHere,
  TopologyScheduler,
  type TopologyRun,
  type TopologyWork,
  type TopologyWorkDependencies,
} from './jobs.js';
export { createTopologyRunRouter, type RunTopologyResponse } from './run-router.js';
