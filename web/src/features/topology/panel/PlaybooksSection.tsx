import { PlayIcon } from '@patternfly/react-icons';
import { useCan } from '../../../api/index.js';
import { ResourcePlaybookRuns, RunPlaybookMenu } from '../../playbooks/index.js';
import type { TopologyComponent } from '../types.js';

/** The component's playbook runs, and a menu to run one on it for those who may. */
export function PlaybooksSection({ component }: { component: TopologyComponent }) {
  const mayRun = useCan('playbooks.run');
  return (
    <>
      {mayRun && (
        <div className="pf-v6-u-mb-sm">
          <RunPlaybookMenu
            resource={{ component_id: component.id, name: component.name }}
            label="Run Playbook"
            icon={<PlayIcon />}
          />
        </div>
      )}
      <ResourcePlaybookRuns resource={{ component_id: component.id }} queryPrefix="panel.runs." />
    </>
  );
}
