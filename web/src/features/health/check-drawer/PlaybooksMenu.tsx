import { useState } from 'react';
import { Dropdown, DropdownItem, DropdownList, MenuToggle } from '@patternfly/react-core';
import { useDbQuery } from '../../../api/index.js';
import {
  listPlaybooks,
  playbookLabel,
  playbooksForCheck,
  PLAYBOOKS_KEY,
  type MatchableCheck,
  type Playbook,
} from './playbook-match.js';
import { PlaybookRunNotice } from './PlaybookRunNotice.js';

/** The playbooks whose check selectors match this check; choosing one starts a run. */
export function PlaybooksMenu({ check }: { check: MatchableCheck & { id: string } }) {
  const [isOpen, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Playbook>();
  const { data, error, isLoading } = useDbQuery<Playbook[]>(PLAYBOOKS_KEY, listPlaybooks, {
    revalidateOnFocus: false,
  });
  const playbooks = playbooksForCheck(data ?? [], check);

  let items;
  if (error) items = <DropdownItem isDisabled>{error.message}</DropdownItem>;
  else if (isLoading) items = <DropdownItem isDisabled>Loading...</DropdownItem>;
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
        <PlaybookRunNotice playbook={chosen} checkId={check.id} onClose={() => setChosen(undefined)} />
      )}
    </>
  );
}
