import { useParams } from 'react-router';
import { InsightsList } from './InsightsList.js';

/**
 * /catalog/{id}/insights: the config's insights, the id taken from the route. The config page
 * around it owns the header.
 */
export function ConfigInsightsTab() {
  const { id } = useParams<{ id: string }>();
  if (!id) return null;
  return <InsightsList configId={id} />;
}
