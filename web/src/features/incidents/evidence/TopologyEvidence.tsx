import { Skeleton } from '@patternfly/react-core';
import { HealthLabel } from '../../../components/HealthLabel/index.js';
import { errorMessage } from '../../../api/index.js';
import { useEvidenceComponent } from '../hypotheses-api.js';
import type { Evidence } from '../types.js';

/** The topology component the evidence names, with its health now. */
export function TopologyEvidence({ evidence }: { evidence: Evidence }) {
  const { data: component, error, isLoading } = useEvidenceComponent(evidence.component_id);
  if (!evidence.component_id) return <p>The component no longer exists</p>;
  if (isLoading) return <Skeleton height="2rem" screenreaderText="Loading the component" />;
  if (error) return <p>{errorMessage(error)}</p>;
  if (!component) return <p>The component no longer exists</p>;
  return (
    <div>
      <strong>{component.name}</strong>
      {component.type && <small> ({component.type})</small>}{' '}
      <HealthLabel status={component.health ?? component.status} isCompact />
      {component.status_reason && <p>{component.status_reason}</p>}
    </div>
  );
}
