import { lazy, Suspense, useState } from 'react';
import { Dropdown, DropdownItem, DropdownList, MenuToggle } from '@patternfly/react-core';
import { PlayIcon } from '@patternfly/react-icons';
import type { RunnablePlaybook } from '../../playbooks/index.js';
import type { ConfigItem } from '../types.js';
import { useConfigPlaybooks } from './config-api.js';

// The playbooks area's dialog loads when first opened, outside the page's first load.
const RunPlaybookDialog = lazy(async () => ({
  default: (await import('../../playbooks/index.js')).RunPlaybookDialog,
}));

const playbookLabel = (playbook: RunnablePlaybook) => playbook.title?.trim() || playbook.name;

/**
 * "Run Playbook": the playbooks the server matches to this config; choosing one opens the run
 * dialog with the config as its fixed resource.
 */
export function RunPlaybookMenu({ config }: { config: Pick<ConfigItem, 'id' | 'name'> }) {
  const [isOpen, setOpen] = useState(false);
  const [chosen, setChosen] = useState<RunnablePlaybook>();
  const { data, error, isLoading } = useConfigPlaybooks(config.id, isOpen || chosen !== undefined);
  const playbooks = Array.isArray(data) ? data : [];

  let items;
  if (error) items = <DropdownItem isDisabled>{error.message}</DropdownItem>;
  else if (isLoading || !data) items = <DropdownItem isDisabled>Loading...</DropdownItem>;
  else if (playbooks.length === 0) items = <DropdownItem isDisabled>No playbooks</DropdownItem>;
  else {
    items = playbooks.map((playbook) => (
      <DropdownItem key={playbook.id} onClick={() => setChosen(playbook)}>
        {playbookLabel(playbook)}
      </DropdownItem>
    ));
  }

  return (
    <>
      <Dropdown
        isOpen={isOpen}
        onOpenChange={setOpen}
        onSelect={() => setOpen(false)}
        popperProps={{ position: 'right' }}
        toggle={(ref) => (
          <MenuToggle ref={ref} icon={<PlayIcon />} isExpanded={isOpen} onClick={() => setOpen(!isOpen)}>
            Run Playbook
          </MenuToggle>
        )}
      >
        <DropdownList>{items}</DropdownList>
      </Dropdown>
      {chosen && (
        <Suspense fallback={null}>
          <RunPlaybookDialog
            playbook={chosen}
            resource={{ config_id: config.id, name: config.name }}
            onClose={() => setChosen(undefined)}
          />
        </Suspense>
      )}
    </>
  );
}
