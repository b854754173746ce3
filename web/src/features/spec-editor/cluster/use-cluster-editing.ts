import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { getClusterObject, type KindTable, type KubeObject } from './cluster-api.js';

/** After a save to the cluster the page asks for its row this often, for this long (the mirror's delay). */
export const MIRROR_REFRESH_MS = 2_000;
export const MIRROR_WAIT_MS = 20_000;

/** The navigation state of a page opened right after a create in the cluster. */
export interface ClusterSavedState {
  savedToCluster: true;
}

export const wasSavedToCluster = (state: unknown) =>
  (state as Partial<ClusterSavedState> | null)?.savedToCluster === true;

export interface ClusterEditing {
  /** The live object under edit; undefined: the page edits its row. */
  object?: KubeObject;
  edit: (object: KubeObject) => void;
  stop: () => void;
  /** Reads the object under edit again from the cluster (after a conflict). */
  reload: () => Promise<void>;
  /** Say 'Saved to the cluster…' */
  saved: boolean;
  dismissSaved: () => void;
  /** The row is being asked for again until the mirror brings it. */
  waitingForMirror: boolean;
  /**
   * After a save: back to the row, which is refreshed until the mirror has it; a resource that
   * is not this row (a row saved to the cluster becomes one) opens at its own page, by its uid.
   */
  onSaved: (object: KubeObject) => void;
}

export interface ClusterEditingOptions {
  table: KindTable;
  /** The row shown: its id, and its detail page for another id. */
  rowId: string;
  detailPath: (id: string) => string;
  /** Asks for the row again. */
  refresh: () => Promise<unknown>;
  /** The page opened right after a create in the cluster (navigation state). */
  savedOnArrival: boolean;
}

/**
 * A detail page's cluster editing: Edit in cluster swaps its row for the live object; after a
 * save the page says so and refreshes its row every 2 s for a while.
 */
export function useClusterEditing({
  table,
  rowId,
  detailPath,
  refresh,
  savedOnArrival,
}: ClusterEditingOptions): ClusterEditing {
  const navigate = useNavigate();
  const [object, setObject] = useState<KubeObject>();
  const [saved, setSaved] = useState(savedOnArrival);
  const [waitStarted, setWaitStarted] = useState<number | undefined>(() =>
    savedOnArrival ? Date.now() : undefined,
  );
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  useEffect(() => {
    if (waitStarted === undefined) return;
    const timer = setInterval(() => {
      void refreshRef.current();
      if (Date.now() - waitStarted >= MIRROR_WAIT_MS) setWaitStarted(undefined);
    }, MIRROR_REFRESH_MS);
    return () => clearInterval(timer);
  }, [waitStarted]);

  return {
    object,
    edit: setObject,
    stop: () => setObject(undefined),
    reload: async () => {
      if (!object) return;
      const { name, namespace = 'default' } = object.metadata;
      setObject(await getClusterObject({ table, namespace, name }));
    },
    saved,
    dismissSaved: () => setSaved(false),
    waitingForMirror: waitStarted !== undefined,
    onSaved: (stored) => {
      const uid = stored.metadata.uid;
      if (uid && uid !== rowId) {
        void navigate(detailPath(uid), { state: { savedToCluster: true } satisfies ClusterSavedState });
        return;
      }
      setObject(undefined);
      setSaved(true);
      setWaitStarted(Date.now());
      void refreshRef.current();
    },
  };
}
