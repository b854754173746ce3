import { useState } from 'react';
import { DropdownItem, DropdownList, MenuToggle } from '@patternfly/react-core';
import { OnDemandDropdown } from '../components/OnDemand/index.js';
import { QuestionCircleIcon } from '@patternfly/react-icons';

export const DOCS_URL = 'https://docs.flanksource.com';

/** The top bar's help menu: links out to the documentation, each in a new tab. */
export function DocsMenu() {
  const [isOpen, setOpen] = useState(false);
  return (
    <OnDemandDropdown
      isOpen={isOpen}
      onOpenChange={setOpen}
      onSelect={() => setOpen(false)}
      popperProps={{ position: 'right' }}
      toggle={(ref) => (
        <MenuToggle
          ref={ref}
          variant="plain"
          aria-label="Help"
          icon={<QuestionCircleIcon />}
          isExpanded={isOpen}
          onClick={() => setOpen(!isOpen)}
        />
      )}
    >
      <DropdownList>
        <DropdownItem to={DOCS_URL} isExternalLink rel="noopener noreferrer">
          Docs
        </DropdownItem>
      </DropdownList>
    </OnDemandDropdown>
  );
}
