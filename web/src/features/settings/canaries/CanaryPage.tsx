import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert, AlertActionCloseButton } from '@patternfly/react-core';
import { AREAS } from '../../../shell/nav-items.js';
import { PageHeader } from '../../../shell/page-header.js';
import { SpecPageContent, useSpecPage } from '../../spec-editor/index.js';
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
  const page = useSpecPage<Canary>({
    table: 'canaries',
    id,
    rowKey: canaryKey(id),
    load: () => getCanary(id),
    detailPath: (uid) => `${LIST_PATH}/${encodeURIComponent(uid)}`,
  });
  const { row: canary } = page;
  const [justCreated, setJustCreated] = useState(
    () => (location.state as CreatedState | null)?.created === true,
  );

  const title = (
    <>
      <Link to={LIST_PATH}>{AREAS.healthChecks.title}</Link>
      {canary && ` › ${canary.name}`}
    </>
  );

  return (
    <>
      <PageHeader title={title} onRefresh={page.refresh} />
      <SpecPageContent
        {...page.content}
        label="Health check"
        notice={justCreated && canary && <SavedAlert canary={canary} onClose={() => setJustCreated(false)} />}
        editor={(shown) => (
          <CanaryEditor
            canary={page.editedRow(shown)}
            {...page.editorProps(shown)}
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
