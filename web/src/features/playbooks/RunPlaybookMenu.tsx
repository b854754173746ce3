import { lazy, Suspense, useState, type ReactNode } from 'react';
import { DropdownItem, DropdownList, MenuToggle } from '@patternfly/react-core';
import { useApi } from '../../api/index.js';
import { OnDemandDropdown } from '../../components/OnDemand/index.js';
import { withRestStyles } from '../../lib/rest-styles.js';
import type { RunnablePlaybook, RunResource } from './run-dialog/run-dialog-api.js';

// The run dialog loads when first opened, outside the page's first load, with the other pages'
// styles (a modal's): the menu is on a first-load page, the catalog item's.
const RunPlaybookDialog = lazy(
  withRestStyles(async () => ({
    default: (await import('./run-dialog/RunPlaybookDialog.js')).RunPlaybookDialog,
  })),
);

/** What the menu shows for a playbook: its title, else its name. */
const playbookLabel = (playbook: RunnablePlaybook) => playbook.title?.trim() || playbook.name;

/** The server's list of the playbooks that can run on a resource (spec 1 §7). */
export function runnablePlaybooksPath(resource: RunResource): string {
  const query = new URLSearchParams();
  for (const key of ['check_id', 'config_id', 'component_id'] as const) {
    const id = resource[key];
    if (id) query.set(key, id);
  }
  return `api/playbook/list?${query.toString()}`;
}

export interface RunPlaybookMenuProps {
  /** The check, config or component the run is for, with its name for the dialog. */
  resource: RunResource;
  label: string;
  icon?: ReactNode;
  /** Where the list opens: 'up' at the foot of a drawer, 'right' at the right of a page header. */
  placement?: 'up' | 'right';
}

/**
 * A menu of the playbooks the server says can run on a resource, read when first opened;
 * choosing one opens the run dialog with the resource fixed.
 */
export function RunPlaybookMenu({ resource, label, icon, placement }: RunPlaybookMenuProps) {
  const [isOpen, setOpen] = useState(false);
  const [chosen, setChosen] = useState<RunnablePlaybook>();
  const { data, error, isLoading } = useApi<RunnablePlaybook[]>(
    isOpen || chosen ? runnablePlaybooksPath(resource) : null,
    { revalidateOnFocus: false },
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
      <OnDemandDropdown
        isOpen={isOpen}
        onOpenChange={setOpen}
        onSelect={() => setOpen(false)}
        popperProps={
          placement === 'up' ? { direction: 'up' } : placement === 'right' ? { position: 'right' } : {}
        }
        toggle={(ref) => (
          <MenuToggle ref={ref} icon={icon} isExpanded={isOpen} onClick={() => setOpen(!isOpen)}>
            {label}
          </MenuToggle>
        )}
      >
        <DropdownList>{items}</DropdownList>
      </OnDemandDropdown>
      {chosen && (
        <Suspense fallback={null}>
          <RunPlaybookDialog playbook={chosen} resource={resource} onClose={() => setChosen(undefined)} />
        </Suspense>
      )}
    </>
  );
}
