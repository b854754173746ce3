import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../shell/page-header.js';
import { ResourceEditor } from './ResourceEditor.js';
import { RESOURCE_KINDS, type ResourceKind } from './resource-kinds.js';
import { getRow, rowKey, type SpecRow } from './rows-api.js';
import { SpecPageContent } from './SpecPageContent.js';
import { RunTopologyButton } from './topology/RunTopologyButton.js';
import { useSpecPage } from './use-spec-page.js';

export interface ResourcePageOptions {
  /** Buttons in the top bar for the resource (a scraper's Run now). */
  actions?: (id: string) => ReactNode;
  /** A Permissions tab's content for the resource (a playbook's). */
  permissions?: (id: string) => ReactNode;
  /** After a save to the database, in place of showing the saved row (the integrations' list). */
  onSaved?: () => void;
}

/** A Topology, Catalog Scraper or Playbook: its editor (tab Spec) and its Job History. */
export function ResourcePage({
  kind,
  id,
  actions,
  permissions,
  onSaved,
}: { kind: ResourceKind; id: string } & ResourcePageOptions) {
  const { table } = kind;
  const navigate = useNavigate();
  const page = useSpecPage<SpecRow>({
    table,
    id,
    rowKey: rowKey(table, id),
    load: () => getRow<SpecRow>(table, id),
    detailPath: kind.detailPath,
  });
  const { row } = page;

  const title = (
    <>
      <Link to={kind.listPath}>{kind.listTitle}</Link>
      {row && ` › ${row.title || row.name}`}
    </>
  );

  return (
    <>
      <PageHeader title={title} actions={row && actions?.(id)} onRefresh={page.refresh} />
      <SpecPageContent
        {...page.content}
        label={kind.title}
        permissions={permissions}
        editor={(shown) => (
          <ResourceEditor
            kind={kind}
            row={page.editedRow(shown)}
            {...page.editorProps(shown)}
            {...(onSaved ? { onSaved } : {})}
            onDeleted={() => void navigate(kind.listPath)}
          />
        )}
      />
    </>
  );
}

/** The page of `kind` for the route's id; another id is another page (its state starts afresh). */
export const resourcePageOf = (kind: ResourceKind, options: ResourcePageOptions = {}) =>
  function KindPage() {
    const { id = '' } = useParams();
    return <ResourcePage key={id} kind={kind} id={id} {...options} />;
  };

/** /settings/topologies/:id: the topology's Form and Code, its Job History, and Run now. */
export const TopologyPage = resourcePageOf(RESOURCE_KINDS.topologies, {
  actions: (id) => <RunTopologyButton topologyId={id} />,
});
/** /settings/config_scrapers/:id and /catalog/scrapers/:id */
