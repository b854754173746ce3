import { Link } from 'react-router';
import { Card, CardBody, CardTitle, Gallery, Skeleton } from '@patternfly/react-core';
import { useDbQuery } from '../../../api/index.js';
import { HealthLabel } from '../../../components/HealthLabel/index.js';
import {
  evidencesOf,
  incidentComponentsKey,
  listComponents,
  type ComponentCard,
  type IncidentDetail,
} from '../incident-api.js';

export const COMPONENTS_FAILED = 'Unable to load components!';

/** The component ids the incident's topology evidence points at, each once. */
export function topologyComponentIds(incident: IncidentDetail): string[] {
  const ids = evidencesOf(incident)
    .filter((evidence) => evidence.type === 'topology' && evidence.component_id)
    .map((evidence) => evidence.component_id!);
  return [...new Set(ids)].sort();
}

const isPicture = (icon: string | null): icon is string => !!icon && /^(https?:|data:image\/)/.test(icon);

/** Cards of the topology components the incident is about, above the tabs; none without such evidence. */
export function ComponentCards({ incident }: { incident: IncidentDetail }) {
  const ids = topologyComponentIds(incident);
  const { data, error, isLoading } = useDbQuery<ComponentCard[]>(
    ids.length > 0 ? incidentComponentsKey(incident.id, ids) : null,
    () => listComponents(ids),
  );
  if (ids.length === 0) return null;
  if (isLoading && !data) return <Skeleton height="4rem" screenreaderText="Loading components" />;
  if (error && !data) return <p className="pf-v6-u-danger-color-100">{COMPONENTS_FAILED}</p>;
  return (
    <Gallery hasGutter minWidths={{ default: '14rem' }} aria-label="Components">
      {(data ?? []).map((component) => (
        <Card key={component.id} isCompact>
          <CardTitle>
            {isPicture(component.icon) && <img src={component.icon} alt="" width={16} height={16} />}{' '}
            <Link to={`/topology/${component.id}`}>{component.name}</Link>
          </CardTitle>
          <CardBody>
            <HealthLabel status={component.health ?? component.status} isCompact />
          </CardBody>
        </Card>
      ))}
    </Gallery>
  );
}
