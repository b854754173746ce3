import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { INTEGRATION_TABLES, type IntegrationType } from '../../../../../common/integrations.js';
import { AREAS } from '../../../shell/nav-items.js';
import { PageHeader } from '../../../shell/page-header.js';
import { ScreenMessage } from '../../../shell/screens/ScreenMessage.js';
import { SETTINGS_SCRAPER_KIND } from '../../catalog/index.js';
import { RESOURCE_KINDS, ResourcePage, type ResourceKind } from '../../spec-editor/index.js';
import { LogBackendView } from '../logging-backends/index.js';

const LIST = AREAS.integrations;

const isIntegrationType = (type: string): type is IntegrationType => Object.hasOwn(INTEGRATION_TABLES, type);

/** A kind's editor with the integrations' breadcrumb and pages. */
const asIntegration = (type: IntegrationType, kind: ResourceKind): ResourceKind => ({
  ...kind,
  listTitle: LIST.title,
  listPath: LIST.path,
  detailPath: (id) => `${LIST.path}/${type}/${encodeURIComponent(id)}`,
});

const KINDS = {
  scrapers: asIntegration('scrapers', SETTINGS_SCRAPER_KIND),
  topologies: asIntegration('topologies', RESOURCE_KINDS.topologies),
} as const;

/**
 * /settings/integrations/{type}/{id} (spec 3 §2.3): the integration's Spec (the editor of its
 * table: scrapers, topologies or log backends) and Job History; after save or delete, back to the
 * list. Any other type is an "Unknown type".
 */
export function IntegrationPage() {
  const { type = '', id = '' } = useParams();
  const navigate = useNavigate();
  const back = useMemo(() => () => void navigate(LIST.path), [navigate]);

  if (!isIntegrationType(type)) {
    return (
      <>
        <PageHeader title={LIST.title} />
        <ScreenMessage title="Unknown type" />
      </>
    );
  }
  if (type === 'logging_backends') {
    return <LogBackendView key={id} id={id} listTitle={LIST.title} listPath={LIST.path} returnAfterSave />;
  }
  return <ResourcePage key={`${type}/${id}`} kind={KINDS[type]} id={id} onSaved={back} />;
}
