export { ClusterNotice } from './ClusterNotice.js';
export { SaveTarget } from './SaveTarget.js';
export { ClusterSaveDialog } from './ClusterSaveDialog.js';
export { EditInCluster } from './EditInCluster.js';
export { useClusterStatus } from './cluster-api.js';
