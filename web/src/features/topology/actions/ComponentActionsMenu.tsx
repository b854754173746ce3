import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { DropdownItem, DropdownList, MenuToggle } from '@patternfly/react-core';
import { OnDemandDropdown } from '../../../components/OnDemand/index.js';
import {
  CameraIcon,
  EllipsisVIcon,
  ExclamationTriangleIcon,
  LinkIcon,
  ListIcon,
  SearchPlusIcon,
} from '@patternfly/react-icons';
import { useCan } from '../../../api/index.js';
import { withRestStyles } from '../../../lib/rest-styles.js';
import type { TopologyComponent } from '../types.js';
import { hasLogs, logsPath, zoomInPath } from './component-actions.js';
import type { ComponentDialogName } from './ComponentDialog.js';

const ComponentDialog = lazy(
  withRestStyles(async () => ({ default: (await import('./ComponentDialog.js')).ComponentDialog })),
);

export interface ComponentActionsMenuProps {
  component: TopologyComponent;
  /** The card's menu offers Zoom In; the panel's does not. */
  zoomIn?: boolean;
}

/**
 * A component's actions (spec 3 §2.2): View Logs (with an external id, logs on), Zoom In (the
 * card's menu only), Link to Incident (for those who may attach, incidents on), Snapshot and
 * Link to catalog (for those who may write links).
 */
export function ComponentActionsMenu({ component, zoomIn = false }: ComponentActionsMenuProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { id: currentId } = useParams();
  const [isOpen, setOpen] = useState(false);
  const [dialog, setDialog] = useState<ComponentDialogName>();
  const mayViewLogs = useCan('logs.view');
  const mayAttach = useCan('incidents.attach');
  const mayLink = useCan('database', 'write');
  const name = component.title || component.name;
  const close = () => setDialog(undefined);

  return (
    <>
      <OnDemandDropdown
        isOpen={isOpen}
        onOpenChange={setOpen}
        onSelect={() => setOpen(false)}
        popperProps={{ position: 'right' }}
        toggle={(ref) => (
          <MenuToggle
            ref={ref}
            variant="plain"
            aria-label={`Actions of ${name}`}
            isExpanded={isOpen}
            onClick={() => setOpen(!isOpen)}
            icon={<EllipsisVIcon />}
          />
        )}
      >
        <DropdownList>
          {mayViewLogs && hasLogs(component) && (
            <DropdownItem icon={<ListIcon />} onClick={() => void navigate(logsPath(component.id))}>
              View Logs
            </DropdownItem>
          )}
          {zoomIn && (
            <DropdownItem
              icon={<SearchPlusIcon />}
              onClick={() => void navigate(zoomInPath(component.id, search, currentId))}
            >
              Zoom In
            </DropdownItem>
          )}
          {mayAttach && (
            <DropdownItem icon={<ExclamationTriangleIcon />} onClick={() => setDialog('incident')}>
              Link to Incident
            </DropdownItem>
          )}
          <DropdownItem icon={<CameraIcon />} onClick={() => setDialog('snapshot')}>
            Snapshot
          </DropdownItem>
          {mayLink && (
            <DropdownItem icon={<LinkIcon />} onClick={() => setDialog('catalog')}>
              Link to catalog
            </DropdownItem>
          )}
        </DropdownList>
      </OnDemandDropdown>
      {dialog && (
        <Suspense fallback={null}>
          <ComponentDialog dialog={dialog} component={component} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
