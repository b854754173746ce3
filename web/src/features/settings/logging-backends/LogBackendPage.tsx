import { Link, useNavigate, useParams } from 'react-router';
import { can, useDbQuery, useWhoami } from '../../../api/index.js';
import { SpecResourcePage } from '../../../components/SpecResource/index.js';
import { AREAS } from '../../../shell/nav-items.js';
import { JOB_HISTORY_TAB } from '../jobs/index.js';
import { LogBackendEditor } from './LogBackendEditor.js';
import { getLogBackend, logBackendKey, type LogBackendRow } from './logging-backends-api.js';

const TABS = [JOB_HISTORY_TAB];
const UI_SOURCE = 'UI';

export interface LogBackendViewProps {
  id: string;
  /** The breadcrumb's list, and where a save or delete returns. */
  listTitle: string;
  listPath: string;
  /** After a save: back to the list by default. */
  returnAfterSave?: boolean;
}

/** A log backend's tabs Spec (its form) and Job History, under a breadcrumb back to its list. */
export function LogBackendView({ id, listTitle, listPath, returnAfterSave = false }: LogBackendViewProps) {
  const navigate = useNavigate();
  const { data: whoami } = useWhoami();
  const query = useDbQuery<LogBackendRow | null>(logBackendKey(id), () => getLogBackend(id));
  const row = query.data;
  const managed = row?.source != null && row.source !== UI_SOURCE;
  const readOnly = !can(whoami, 'logging_backends', 'write') || managed;

  const title = (
    <>
      <Link to={listPath}>{listTitle}</Link>
      {row && ` › ${row.name}`}
    </>
  );

  return (
    <SpecResourcePage
      query={query}
      title={title}
      label="Log Backend"
      tabs={TABS}
      spec={(shown) => (
        <LogBackendEditor
          row={shown}
          readOnly={readOnly}
          onSaved={() => (returnAfterSave ? void navigate(listPath) : void query.mutate())}
          onDeleted={() => void navigate(listPath)}
        />
      )}
    />
  );
}

/** /settings/logging_backends/:id */
export function LogBackendPage() {
  const { id = '' } = useParams();
  return (
    <LogBackendView key={id} id={id} listTitle={AREAS.logBackends.title} listPath={AREAS.logBackends.path} />
  );
}
