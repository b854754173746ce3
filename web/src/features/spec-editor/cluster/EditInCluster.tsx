import { useState } from 'react';
import { AlertActionLink } from '@patternfly/react-core';
import { useToast } from '../../../components/Toasts/index.js';
import { getClusterObject, useClusterAvailability, type ClusterRef, type KubeObject } from './cluster-api.js';

export const EDIT_IN_CLUSTER = 'Edit in cluster';

export interface EditInClusterProps {
  target: ClusterRef;
  /** Gets the live object: the page turns the editor into a cluster editor with it. */
  onEdit: (object: KubeObject) => void;
}

/**
 * The 'Edit in cluster' action of a read-only note: shown when the person may write the table and
 * the cluster is connected with the kind installed. It loads the resource as it is now.
 */
export function EditInCluster({ target, onEdit }: EditInClusterProps) {
  const availability = useClusterAvailability(target.table);
  const toast = useToast();
  const [loading, setLoading] = useState(false);
  if (!availability.available) return null;

  const edit = async () => {
    setLoading(true);
    try {
      const object = await getClusterObject(target);
      setLoading(false);
      onEdit(object);
    } catch (failure) {
      setLoading(false);
      toast.error(failure);
    }
  };

  return (
    <AlertActionLink onClick={() => void edit()} isDisabled={loading} isLoading={loading}>
      {EDIT_IN_CLUSTER}
    </AlertActionLink>
  );
}
