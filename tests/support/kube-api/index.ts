/**
 * A Kubernetes API server for tests, speaking the real wire protocol for the built-in kinds the
 * console needs and for custom resources (docs/kube-test-server.md lists what it implements and
 * how it differs from kube-apiserver).
 */
export { loadCrds } from './crds.js';
export {
  type AuthorizationRequest,
  type KubeApiServer,
  type KubeApiServerOptions,
  type RecordedRequest,
  startKubeApiServer,
} from './server.js';
export type { PodLogLine, PodLogText } from './pod-logs.js';
export type { KubeObject } from '../../../server/src/kube/types.js';
