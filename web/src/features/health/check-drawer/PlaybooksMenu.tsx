import { lazy, Suspense, useState } from 'react';
import { Dropdown, DropdownItem, DropdownList, MenuToggle } from '@patternfly/react-core';
import { useApi } from '../../../api/index.js';
import type { RunnablePlaybook } from '../../playbooks/index.js';
import { checkPlaybooksPath } from './check-api.js';

// The playbooks area's dialog loads when first opened, outside /health's first load.
const RunPlaybookDialog = lazy(async () => ({
  default: (await import('../../playbooks/index.js')).RunPlaybookDialog,
}));

/** What the menu shows for a playbook: its title, else its name. */
const playbookLabel = (playbook: RunnablePlaybook) => playbook.title?.trim() || playbook.name;

/** The playbooks the server says can run on this check; choosing one opens the run dialog. */
export function PlaybooksMenu({ check }: { check: { id: string; name: string } }) {
  const [isOpen, setOpen] = useState(false);
  const [chosen, setChosen] = useState<RunnablePlaybook>();
  const { data, error, isLoading } = useApi<RunnablePlaybook[]>(
    isOpen || chosen ? checkPlaybooksPath(check.id) : null,
    {
      revalidateOnFocus: false,
    },
  );
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
        popperProps={{ direction: 'up' }}
        toggle={(ref) => (
          <MenuToggle ref={ref} isExpanded={isOpen} onClick={() => setOpen(!isOpen)}>
            Playbooks
          </MenuToggle>
        )}
      >
        <DropdownList>{items}</DropdownList>
      </Dropdown>
      {chosen && (
        <Suspense fallback={null}>
          <RunPlaybookDialog
            playbook={chosen}
            resource={{ check_id: check.id, name: check.name }}
            onClose={() => setChosen(undefined)}
          />
        </Suspense>
      )}
    </>
  );
}
