import { useState } from 'react';
import type { EditorDiagnostic } from '../../../components/YamlEditor/index.js';
import { useClusterAvailability, type ClusterRef, type KindTable, type KubeObject } from './cluster-api.js';
import type { ClusterFields } from './cluster-object.js';
import type { ClusterSaveDialogProps } from './ClusterSaveDialog.js';
import type { SaveTargetProps, SaveTargetValue } from './SaveTarget.js';
import { useClusterSave } from './use-cluster-save.js';

export interface SaveTargetOptions {
  table: KindTable;
  /** A cluster editor: the live object it started from (its generation guards the write). */
  clusterObject?: KubeObject;
  /** Loads the live object again into the editor, after a conflict. */
  onReload?: () => Promise<void>;
  onClusterSaved: (object: KubeObject, created: boolean) => void;
  /** The cluster refused fields at lines of the spec YAML: the editor shows its Code. */
  onSpecErrors?: () => void;
}

const NONE: EditorDiagnostic[] = [];

/**
 * An editor's save target: the choice (fixed to the cluster in a cluster editor), the flow of a
 * save to the cluster, and the cluster's field errors for the spec editor.
 */
export function useSaveTarget({
  table,
  clusterObject,
  onReload,
  onClusterSaved,
  onSpecErrors,
}: SaveTargetOptions) {
  const [chosen, setChosen] = useState<SaveTargetValue>('database');
  const availability = useClusterAvailability(table);
  const save = useClusterSave(onClusterSaved, onSpecErrors);
  const inCluster = clusterObject !== undefined;
  const toCluster = inCluster || chosen === 'cluster';

  return {
    /** A cluster editor: what it edits lives in the cluster (and is deleted there). */
    inCluster,
    toCluster,
    /** Saving to the cluster is chosen but cannot be done now. */
    blocked: toCluster && !availability.available,
    saveToCluster: (
      ref: Omit<ClusterRef, 'table'>,
      fields: Omit<ClusterFields, 'resourceVersion' | 'generation'>,
    ) =>
      save.start(
        { ...ref, table },
        {
          ...fields,
          resourceVersion: clusterObject?.metadata.resourceVersion,
          generation: clusterObject?.metadata.generation,
        },
      ),
    /** The cluster's errors at lines of this spec text (they go when the text changes). */
    specDiagnostics: (specYaml: string) =>
      save.diagnostics?.specYaml === specYaml ? save.diagnostics.diagnostics : NONE,
    targetProps: {
      table,
      value: chosen,
      onChange: setChosen,
      fixedToCluster: inCluster,
    } satisfies SaveTargetProps,
    dialogProps: { save, onReload } satisfies ClusterSaveDialogProps,
  };
}

export type SaveTargetState = ReturnType<typeof useSaveTarget>;
