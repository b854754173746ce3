import { Fragment, type ReactNode } from 'react';
import { PageSection, Tab, Tabs, TabTitleText } from '@patternfly/react-core';
import { LoadError } from '../../components/LoadError/index.js';
import { useTabParam } from '../../lib/use-tab-param.js';
import { LoadingScreen } from '../../shell/screens/LoadingScreen.js';
import { ScreenMessage } from '../../shell/screens/ScreenMessage.js';
import type { KindTable } from './cluster/cluster-api.js';
import { ClusterSavedAlert, EditingInClusterBanner, WaitingForMirror } from './cluster/ClusterEditing.js';
import { ManagedNote } from './cluster/ManagedNote.js';
import type { SourcedRow } from './cluster/managed.js';
import type { ClusterEditing } from './cluster/use-cluster-editing.js';
import { JobHistoryTab } from '../settings/resources/index.js';

const TABS = ['spec', 'jobs'] as const;
const WITH_PERMISSIONS = ['spec', 'jobs', 'permissions'] as const;
type TabKey = (typeof WITH_PERMISSIONS)[number];

const editorKey = (row: PageRow, cluster: ClusterEditing) =>
  cluster.object
    ? `cluster:${cluster.object.metadata.resourceVersion ?? ''}`
    : `${row.id}:${row.updated_at ?? ''}`;

export interface PageRow extends SourcedRow {
  id: string;
  updated_at: string | null;
  deleted_at: string | null;
}

export interface SpecPageContentProps<Row extends PageRow> {
  table: KindTable;
  /** The tabs' accessible name: 'Topology', 'Health check'. */
  label: string;
  row: Row | null | undefined;
  error?: unknown;
  isLoading: boolean;
  cluster: ClusterEditing;
  /** Over the tabs, e.g. what a save just did. */
  notice?: ReactNode;
  /** The row's editor, or the cluster editor while `cluster.object` is set. */
  editor: (row: Row) => ReactNode;
  /** A Permissions tab with this content (a playbook's), none without. */
  permissions?: (id: string) => ReactNode;
}

/**
 * The body of a spec kind's detail page (spec 3 §2.3): tabs Spec and Job History; over the editor
 * the read-only note of a managed row (with Edit in cluster) or the cluster editor's banner.
 */
export function SpecPageContent<Row extends PageRow>({
  table,
  label,
  row,
  error,
  isLoading,
  cluster,
  notice,
  editor,
  permissions,
}: SpecPageContentProps<Row>) {
  const [tab, selectTab] = useTabParam<TabKey>(permissions ? WITH_PERMISSIONS : TABS);
  if (isLoading) return <LoadingScreen />;
  if (error && row === undefined) return <LoadError error={error} />;
  const saved = cluster.saved && <ClusterSavedAlert onClose={cluster.dismissSaved} />;
  if (!row || row.deleted_at) {
    if (!cluster.waitingForMirror) return <ScreenMessage title="No resources found" />;
    return (
      <PageSection>
        {saved}
        <WaitingForMirror />
      </PageSection>
    );
  }
  return (
    <PageSection>
      {notice}
      {saved}
      <Tabs
        activeKey={tab}
        onSelect={(_event, key) => selectTab(key as TabKey)}
        aria-label={label}
        mountOnEnter
        unmountOnExit
      >
        <Tab eventKey="spec" title={<TabTitleText>Spec</TabTitleText>}>
          <div className="pf-v6-u-pt-md">
            {cluster.object ? (
              <EditingInClusterBanner table={table} object={cluster.object} onStop={cluster.stop} />
            ) : (
              <ManagedNote table={table} row={row} onEditInCluster={cluster.edit} />
            )}
            {/* A saved row (or a reloaded resource) comes back changed: the editor starts again from it. */}
            <Fragment key={editorKey(row, cluster)}>{editor(row)}</Fragment>
          </div>
        </Tab>
        <Tab eventKey="jobs" title={<TabTitleText>Job History</TabTitleText>}>
          <div className="pf-v6-u-pt-md">
            <JobHistoryTab resourceId={row.id} />
          </div>
        </Tab>
        {permissions && (
          <Tab eventKey="permissions" title={<TabTitleText>Permissions</TabTitleText>}>
            <div className="pf-v6-u-pt-md">{permissions(row.id)}</div>
          </Tab>
        )}
      </Tabs>
    </PageSection>
  );
}
