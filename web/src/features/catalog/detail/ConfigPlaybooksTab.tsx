import { ResourcePlaybookRuns } from '../../playbooks/index.js';
import { useConfigOutlet } from './config-outlet.js';

/**
 * /catalog/{id}/playbooks: the config's playbook runs, newest first, 50 a page (the playbooks
 * area's list). Runs are started from the page's "Run Playbook" menu.
 */
export function ConfigPlaybooksTab() {
  const { config } = useConfigOutlet();
  return <ResourcePlaybookRuns resource={{ config_id: config.id }} />;
}
