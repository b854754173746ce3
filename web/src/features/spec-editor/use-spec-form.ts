import { LOCAL_AGENT } from '../../../../common/agents.js';
import { useId, useMemo, useState } from 'react';
import { errorMessage, useWhoami } from '../../api/index.js';
import { useToast } from '../../components/Toasts/index.js';
import { deleteClusterObject, type KindTable, type KubeObject } from './cluster/cluster-api.js';
import type { ClusterFields } from './cluster/cluster-object.js';
import { useSaveTarget } from './cluster/use-save-target.js';
import { labelsToText, parseLabels } from './labels.js';
import { changedValues, createRow, deleteRow, updateRow } from './rows-api.js';
import { useNameFields } from './use-name-fields.js';
import { useRowSave } from './use-row-save.js';

/** What an editor's toasts say after a save or a delete. */
export interface SpecMessages {
  created: (name: string) => string;
  updated: (name: string) => string;
  deleted: (name: string) => string;
  /** What a failed save or delete says around the server's message. */
  failed: (action: 'save' | 'delete', message: string) => string;
}

/** The messages of most kinds: the name and what happened; a failure says the server's message. */
export const PLAIN_MESSAGES: SpecMessages = {
  created: (name) => `${name} created successfully`,
  updated: (name) => `${name} updated successfully`,
  deleted: (name) => `${name} deleted successfully`,
  failed: (_action, message) => message,
};

export interface SpecFormOptions<Row extends { id: string; name: string }> {
  table: KindTable;
  /** The row being edited; without it (and without `clusterObject`) the editor creates one. */
  row?: Row;
  /** A cluster editor: the custom resource as read from the cluster. */
  clusterObject?: KubeObject;
  /** Loads the custom resource again (after a conflict in the cluster). */
  onReload?: () => Promise<void>;
  /** What the name, namespace and labels start as (the row's, the resource's, or a new one's). */
  start: { name: string; namespace: string; labels?: Record<string, string> | null };
  /** Every field disabled and no buttons (no write permission, or managed elsewhere). */
  readOnly: boolean;
  messages: SpecMessages;
  onSaved: (row: Row, created: boolean) => void;
  onClusterSaved: (object: KubeObject, created: boolean) => void;
  onDeleted?: () => void;
  /** The cluster refused fields at lines of the spec YAML. */
  onSpecErrors?: () => void;
}

/**
 * What every spec editor keeps besides its spec: name and namespace (fixed once saved), labels as
 * JSON, where to save, the save to the console's database or to the cluster, and the delete; each
 * said in a toast.
 */
/** The tables whose rows the hub may assign to an agent, which pulls them. */
const ASSIGNABLE: ReadonlySet<string> = new Set(['canaries', 'config_scrapers']);

export function useSpecForm<Row extends { id: string; name: string }>({
  table,
  row,
  clusterObject,
  onReload,
  start,
  readOnly,
  messages,
  onSaved,
  onClusterSaved,
  onDeleted,
  onSpecErrors,
}: SpecFormOptions<Row>) {
  const idPrefix = useId();
  const toast = useToast();
  const { data: whoami } = useWhoami();
  const isEdit = row !== undefined || clusterObject !== undefined;
  const names = useNameFields(start, isEdit);
  // Canaries and scrape configs may be assigned to an agent (the local console by default).
  const assignable = ASSIGNABLE.has(table);
  const [agentId, setAgentId] = useState<string>(() => {
    const stored = (row as { agent_id?: unknown } | undefined)?.agent_id;
    return typeof stored === 'string' ? stored : LOCAL_AGENT;
  });
  const [labelsText, setLabelsText] = useState(() => labelsToText(start.labels));
  const labels = useMemo(() => parseLabels(labelsText), [labelsText]);
  const rowSave = useRowSave();
  const target = useSaveTarget({
    table,
    clusterObject,
    onReload,
    onClusterSaved: (object, created) => {
      const { name } = object.metadata;
      toast.success(created ? messages.created(name) : messages.updated(name));
      onClusterSaved(object, created);
    },
    onSpecErrors,
  });
  const failed = (action: 'save' | 'delete') => (failure: unknown) =>
    toast.error(messages.failed(action, errorMessage(failure)));

  const saveRow = (fields: Record<string, unknown>) =>
    rowSave.save(
      () =>
        row
          ? updateRow<Row>(table, row.id, changedValues(row, fields, Object.keys(fields)))
          : createRow<Row>(table, fields, whoami?.user.id ?? null),
      {
        saved: (saved) => {
          toast.success(row ? messages.updated(saved.name) : messages.created(saved.name));
          onSaved(saved, !row);
        },
        failed: failed('save'),
      },
    );

  const clusterRef = { table, namespace: names.namespace, name: names.name };

  return {
    /** The form's id for a field. */
    id: (field: string) => `${idPrefix}-${field}`,
    isEdit,
    readOnly,
    /** Read-only, or a save under way. */
    disabled: readOnly || rowSave.saving,
    names,
    /** The agent the row is for: shown (and saved as agent_id) on canaries and scrape configs. */
    agent: assignable ? { id: agentId, set: setAgentId } : undefined,
    labelsText,
    setLabelsText,
    labels,
    rowSave,
    target,
    clusterRef,
    /**
     * Saves to where the person chose: the row's `fields` (besides name and namespace; only what
     * changed when editing), or the custom resource built from `cluster`.
     */
    save: (
      fields: Record<string, unknown>,
      cluster: Omit<ClusterFields, 'resourceVersion' | 'generation'>,
    ) => {
      const ref = { name: names.name.trim(), namespace: names.namespace.trim() };
      if (target.toCluster) target.saveToCluster(ref, cluster);
      else {
        // A new row is the local console's unless an agent is chosen (the column's default).
        const assigned = assignable && (row !== undefined || agentId !== LOCAL_AGENT);
        void saveRow({ ...ref, ...fields, ...(assigned ? { agent_id: agentId } : {}) });
      }
    },
    /** Deletes the saved row or, in a cluster editor, the resource; a failure is shown and rethrown. */
    remove: async () => {
      try {
        if (clusterObject) await deleteClusterObject(clusterRef);
        else if (row) await deleteRow(table, row.id);
      } catch (failure) {
        failed('delete')(failure);
        throw failure;
      }
      toast.success(messages.deleted(names.name));
      onDeleted?.();
    },
  };
}

export type SpecFormState = ReturnType<typeof useSpecForm>;
