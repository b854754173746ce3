import { Link } from 'react-router';
import { Age } from '../../../components/Age/index.js';
import type { DataTableColumn } from '../../../components/DataTable/index.js';
import type { TopologyComponent } from '../types.js';
import { componentInsightsKey, listComponentInsights, type ComponentInsight } from './panel-api.js';
import { componentInsightsPath, configPath } from '../links.js';
import { PanelList } from './PanelList.js';
import { SeverityLabel } from './SeverityLabel.js';
import { useComponentLinksRevision } from './use-component-links.js';

export const NO_INSIGHTS = 'No insights on the linked catalog items';

/** The insights of the catalog items linked to the component, each opening the insights list. */
export function InsightsSection({ component }: { component: TopologyComponent }) {
  const revision = useComponentLinksRevision(component.id);
  const columns: DataTableColumn<ComponentInsight>[] = [
    {
      id: 'insight',
      header: 'Insight',
      cell: (insight) => (
        <>
          <Link to={componentInsightsPath(component.id, insight.analysis_type, insight.severity)}>
            {insight.analyzer ?? insight.analysis_type ?? insight.id}
          </Link>{' '}
          <SeverityLabel severity={insight.severity} />
          {insight.message && <span className="pf-v6-u-display-block">{insight.message}</span>}
        </>
      ),
    },
    {
      id: 'config',
      header: 'Catalog item',
      cell: (insight) => <Link to={configPath(insight.config_id)}>{insight.name ?? insight.config_id}</Link>,
    },
    {
      id: 'last_observed',
      header: 'Last seen',
      cell: (insight) => (insight.last_observed ? <Age from={insight.last_observed} /> : null),
    },
  ];
  return (
    <PanelList
      label="Insights"
      queryKey={`${componentInsightsKey(component.id)}&revision=${revision}`}
      load={(pageIndex, pageSize) => listComponentInsights(component.id, pageIndex, pageSize)}
      columns={columns}
      rowKey={(insight) => insight.id}
      emptyText={NO_INSIGHTS}
    />
  );
}
