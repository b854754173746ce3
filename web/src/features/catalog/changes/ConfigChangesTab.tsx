import { useParams } from 'react-router';
import { ChangesList } from './ChangesList.js';

/**
 * /catalog/{id}/changes (spec 3 §2.1): the config's changes, and those of its related configs
 * as the upstream and downstream toggles say, under the filters of the URL.
 */
export function ConfigChangesTab() {
  const { id } = useParams();
  if (!id) return null;
  return <ChangesList configId={id} />;
}
