import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert, AlertActionCloseButton } from '@patternfly/react-core';
import { can, useDbQuery, useWhoami } from '../../../api/index.js';
import { AREAS } from '../../../shell/nav-items.js';
import { PageHeader } from '../../../shell/page-header.js';
import { managerOf } from '../cluster/managed.js';
import { useClusterEditing, wasSavedToCluster } from '../cluster/use-cluster-editing.js';
import { SpecPageContent } from '../resource-editor/SpecPageContent.js';
import type { CreatedState } from './AddCanaryModal.js';
import { CANARY_MESSAGES, canaryKey, getCanary, type Canary } from './canaries-api.js';
import { CanaryEditor } from './CanaryEditor.js';
import { firstCheckName } from './spec-state.js';

const LIST_PATH = AREAS.healthChecks.path;

/**
 * After a create: the checks run within seconds, and /health finds the first one by name, passing
 * or not (the dashboard hides passing checks by default).
 */
function SavedAlert({ canary, onClose }: { canary: Canary; onClose: () => void }) {
  const checkName = firstCheckName(canary.spec ?? {});
  const health = checkName
    ? `/health?query=${encodeURIComponent(checkName)}&hidePassing=false`
    : '/health?hidePassing=false';
  return (
    <Alert
      variant="info"
      isInline
      title={CANARY_MESSAGES.savedInfo}
      actionClose={<AlertActionCloseButton onClose={onClose} />}
      actionLinks={<Link to={health}>{checkName ? `Show ${checkName} in Health` : 'Open Health'}</Link>}
      className="pf-v6-u-mb-md"
    />
  );
}

/** /settings/canaries/:id: a health check's editor (tab Spec) and its Job History. */
function CanaryDetails({ id }: { id: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { data: whoami } = useWhoami();
  const {
    data: canary,
    error,
    isLoading,
    mutate,
  } = useDbQuery<Canary | null>(canaryKey(id), () => getCanary(id));
  const [justCreated, setJustCreated] = useState(
    () => (location.state as CreatedState | null)?.created === true,
  );
  const cluster = useClusterEditing({
    table: 'canaries',
    rowId: id,
    detailPath: (uid) => `${LIST_PATH}/${encodeURIComponent(uid)}`,
    refresh: mutate,
    savedOnArrival: wasSavedToCluster(location.state),
  });
  const mayWrite = can(whoami, 'canaries', 'write');

  const title = (
    <>
      <Link to={LIST_PATH}>{AREAS.healthChecks.title}</Link>
      {canary && ` › ${canary.name}`}
    </>
  );

  return (
    <>
      <PageHeader title={title} onRefresh={() => void mutate()} />
      <SpecPageContent
        table="canaries"
        label="Health check"
        row={canary}
        error={error}
        isLoading={isLoading}
        cluster={cluster}
        notice={justCreated && canary && <SavedAlert canary={canary} onClose={() => setJustCreated(false)} />}
        editor={(shown) => (
          <CanaryEditor
            // A saved row (or a reloaded resource) comes back changed: the editor starts again from it.
            key={
              cluster.object
                ? `cluster:${cluster.object.metadata.resourceVersion ?? ''}`
                : `${shown.id}:${shown.updated_at ?? ''}`
            }
            canary={cluster.object ? undefined : shown}
            clusterObject={cluster.object}
            onReload={cluster.reload}
            readOnly={!mayWrite || (!cluster.object && managerOf('canaries', shown) !== undefined)}
            onSaved={() => void mutate()}
            onClusterSaved={cluster.onSaved}
            onDeleted={() => void navigate(LIST_PATH)}
          />
        )}
      />
    </>
  );
}

export function CanaryPage() {
  const { id = '' } = useParams();
  // Another id is another page: its state starts afresh.
  return <CanaryDetails key={id} id={id} />;
}
