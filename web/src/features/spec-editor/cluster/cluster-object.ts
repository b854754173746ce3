/**
 * Custom resources as the editors send and compare them: the write request built from the
 * editor's fields, and the YAML line diff of the live object against the dry run's result.
 */
import { diffLines } from 'diff';
import { dump } from 'js-yaml';
import type { ClusterWriteRequest, KubeObject } from './cluster-api.js';

export interface ClusterFields {
  /** Undefined: the editor has no labels (playbooks); the live object's are sent back as they are. */
  labels?: Record<string, string>;
  spec: Record<string, unknown>;
  /** The spec as the editor shows it in YAML: the server places field errors at its lines. */
  specYaml: string;
  /** Read when the editor opened; absent for a create. */
  resourceVersion?: string;
  /** Read when the editor opened: only a change of the spec since is a conflict. */
  generation?: number;
}

export function clusterWriteRequest({ labels, spec, specYaml, resourceVersion, generation }: ClusterFields) {
  const request: ClusterWriteRequest = { spec, specYaml };
  if (labels !== undefined) request.metadata = { labels };
  if (resourceVersion !== undefined) request.resourceVersion = resourceVersion;
  if (generation !== undefined) request.generation = generation;
  return request;
}

/** Metadata the API server keeps for itself: noise in a diff of what the person changes. */
const NOISY_METADATA = ['managedFields', 'resourceVersion', 'uid', 'generation', 'creationTimestamp'];
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/** The object without its status and the server's bookkeeping. */
export function withoutNoise(object: KubeObject): Omit<KubeObject, 'status'> {
  const { status: _status, ...rest } = object;
  const metadata: Record<string, unknown> = { ...object.metadata };
  for (const key of NOISY_METADATA) delete metadata[key];
  const annotations = object.metadata.annotations;
  if (annotations && Object.hasOwn(annotations, LAST_APPLIED)) {
    const { [LAST_APPLIED]: _applied, ...others } = annotations;
    if (Object.keys(others).length > 0) metadata.annotations = others;
    else delete metadata.annotations;
  }
  return { ...rest, metadata: metadata as KubeObject['metadata'] };
}

export const objectYaml = (object: KubeObject | null) =>
  object ? dump(withoutNoise(object), { noRefs: true, lineWidth: -1, sortKeys: true }) : '';

export type DiffLine =
  | { kind: 'added' | 'removed' | 'same'; text: string }
  /** Unchanged lines left out between the changes. */
  | { kind: 'skipped'; count: number };

/** Unchanged lines shown around each change. */
export const DIFF_CONTEXT = 3;

const linesOf = (value: string) => value.replace(/\n$/, '').split('\n');

/** Keeps DIFF_CONTEXT unchanged lines next to each change and folds the rest of a run. */
function fold(run: string[], first: boolean, last: boolean): DiffLine[] {
  const head = first ? 0 : DIFF_CONTEXT;
  const tail = last ? 0 : DIFF_CONTEXT;
  const same = (text: string): DiffLine => ({ kind: 'same', text });
  if (run.length <= head + tail + 1) return run.map(same);
  return [
    ...run.slice(0, head).map(same),
    { kind: 'skipped', count: run.length - head - tail },
    ...run.slice(run.length - tail).map(same),
  ];
}

/** The lines of the live object's YAML against the new one's, changes with a little context. */
export function objectDiff(live: KubeObject | null, next: KubeObject): DiffLine[] {
  const changes = diffLines(objectYaml(live), objectYaml(next));
  const lines: DiffLine[] = [];
  changes.forEach((change, index) => {
    const texts = linesOf(change.value);
    if (change.added || change.removed) {
      const kind: 'added' | 'removed' = change.added ? 'added' : 'removed';
      lines.push(...texts.map((text) => ({ kind, text })));
    } else {
      lines.push(...fold(texts, index === 0, index === changes.length - 1));
    }
  });
  return lines;
}

export const hasChanges = (lines: DiffLine[]) =>
  lines.some((line) => line.kind === 'added' || line.kind === 'removed');
