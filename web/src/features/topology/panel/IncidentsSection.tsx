import { Link } from 'react-router';
import type {
  IncidentSeverity as Severity,
  IncidentStatus as Status,
} from '../../../../../common/incidents.js';
import { Age } from '../../../components/Age/index.js';
import type { DataTableColumn } from '../../../components/DataTable/index.js';
import { IncidentSeverity, IncidentStatus } from '../../incidents/index.js';
import type { TopologyComponent } from '../types.js';
import { componentIncidentsKey, listComponentIncidents, type ComponentIncident } from './panel-api.js';
import { componentIncidentsPath, incidentPath } from '../links.js';
import { PanelList } from './PanelList.js';

export const NO_INCIDENTS = 'No incidents are linked to this component';

/** The incidents with evidence on the component, newest first, each type opening the incident list. */
export function IncidentsSection({ component }: { component: TopologyComponent }) {
  const columns: DataTableColumn<ComponentIncident>[] = [
    {
      id: 'title',
      header: 'Title',
      cell: (incident) => (
        <>
          <Link to={incidentPath(incident.id)}>{incident.title}</Link>
          <small className="pf-v6-u-display-block">
            <Age from={incident.created_at} />
          </small>
        </>
      ),
    },
    {
      id: 'type',
      header: 'Type',
      cell: (incident) =>
        incident.type ? (
          <Link
            to={componentIncidentsPath(component.id, incident.type)}
            aria-label={`${incident.type} incidents of ${component.name}`}
          >
            {incident.type}
          </Link>
        ) : null,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (incident) =>
        incident.status ? <IncidentStatus status={incident.status as Status} isCompact /> : null,
    },
    {
      id: 'severity',
      header: 'Severity',
      cell: (incident) =>
        incident.severity ? <IncidentSeverity severity={incident.severity as Severity} isCompact /> : null,
    },
  ];
  return (
    <>
      <PanelList
        label="Incidents"
        queryKey={componentIncidentsKey(component.id)}
        load={(pageIndex, pageSize) => listComponentIncidents(component.id, pageIndex, pageSize)}
        columns={columns}
        rowKey={(incident) => incident.id}
        emptyText={NO_INCIDENTS}
      />
      <Link to={componentIncidentsPath(component.id)}>All incidents of this component</Link>
    </>
  );
}
