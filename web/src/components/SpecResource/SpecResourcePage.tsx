import { type ReactNode } from 'react';
import { PageSection, Tab, Tabs, TabTitleText } from '@patternfly/react-core';
import { useTabParam } from '../../lib/use-tab-param.js';
import { PageHeader } from '../../shell/page-header.js';
import { LoadingScreen } from '../../shell/screens/LoadingScreen.js';
import { ScreenMessage } from '../../shell/screens/ScreenMessage.js';
import { LoadError } from '../LoadError/index.js';

/** What the page needs of a spec resource's row: a soft-deleted row is shown as not found. */
export interface SpecResourceRow {
  id: string;
  updated_at?: string | null;
  deleted_at?: string | null;
}

/** What the page reads from its data hook (useDbQuery of the one row). */
export interface SpecResourceQuery<Row> {
  data?: Row | null;
  error?: unknown;
  isLoading: boolean;
  mutate: () => Promise<unknown>;
}

/** A tab after Spec: Members, Job History. */
export interface SpecResourceTab<Row> {
  /** Its value of the URL's `tab` parameter. */
  key: string;
  title: string;
  content: (row: Row) => ReactNode;
  /** Without the space over its content (a panel with its own toolbar). */
  flush?: boolean;
}

export interface SpecResourcePageProps<Row extends SpecResourceRow> {
  query: SpecResourceQuery<Row>;
  /** The top bar's title: plain text or a breadcrumb. */
  title: ReactNode;
  /** Buttons after the title. */
  actions?: ReactNode;
  /** The tabs' accessible name: 'Team', 'Incident Rule'. */
  label: string;
  /** The Spec tab's editor. */
  spec: (row: Row) => ReactNode;
  /** The tabs after Spec, in order. */
  tabs: readonly SpecResourceTab<Row>[];
  /** Dialogs the page opens (rendered whatever the row's state). */
  children?: ReactNode;
}

const SPEC_TAB = 'spec';

/**
 * The page of one spec resource (spec 3 §2.3, generic resources): a header with refresh, then
 * loading, the load error, "No resources found" for a missing or deleted row, or its tabs, Spec
 * first; the tab is kept in the URL.
 */
export function SpecResourcePage<Row extends SpecResourceRow>({
  query,
  title,
  actions,
  label,
  spec,
  tabs,
  children,
}: SpecResourcePageProps<Row>) {
  const [tab, selectTab] = useTabParam([SPEC_TAB, ...tabs.map(({ key }) => key)]);
  const { data: row, error, isLoading } = query;

  let content;
  if (isLoading) content = <LoadingScreen />;
  else if (error && row === undefined) content = <LoadError error={error} />;
  else if (!row || row.deleted_at) content = <ScreenMessage title="No resources found" />;
  else
    content = (
      <PageSection>
        <Tabs
          activeKey={tab}
          onSelect={(_event, key) => selectTab(String(key))}
          aria-label={label}
          mountOnEnter
          unmountOnExit
        >
          {[
            <Tab key={SPEC_TAB} eventKey={SPEC_TAB} title={<TabTitleText>Spec</TabTitleText>}>
              {/* A saved row comes back changed: the editor starts again from it. */}
              <div className="pf-v6-u-pt-md" key={`${row.id}:${row.updated_at ?? ''}`}>
                {spec(row)}
              </div>
            </Tab>,
            ...tabs.map(({ key, title: tabTitle, content: tabContent, flush }) => (
              <Tab key={key} eventKey={key} title={<TabTitleText>{tabTitle}</TabTitleText>}>
                {flush ? tabContent(row) : <div className="pf-v6-u-pt-md">{tabContent(row)}</div>}
              </Tab>
            )),
          ]}
        </Tabs>
      </PageSection>
    );

  return (
    <>
      <PageHeader title={title} actions={actions} onRefresh={() => void query.mutate()} />
      {content}
      {children}
    </>
  );
}
