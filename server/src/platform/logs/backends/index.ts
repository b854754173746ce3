import type { LogBackendKind } from '../../../../../common/logs.js';
import { readFileLogs } from './file.js';
import { readKubernetesLogs } from './kubernetes.js';
import { readLokiLogs } from './loki.js';
import { readSearchLogs } from './opensearch.js';
import type { BackendReader } from './types.js';

export const BACKEND_READERS: Record<LogBackendKind, BackendReader> = {
  file: readFileLogs,
  kubernetes: readKubernetesLogs,
  loki: readLokiLogs,
  opensearch: readSearchLogs,
  elasticsearch: readSearchLogs,
};

export { BackendError, type BackendContext, type BackendReader, type BackendSearch } from './types.js';
