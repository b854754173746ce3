import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@patternfly/react-core';
import { useCan } from '../../../api/index.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog/index.js';
import type { DataTableColumn } from '../../../components/DataTable/index.js';
import { HealthLabel } from '../../../components/HealthLabel/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import type { TopologyComponent } from '../types.js';
import {
  componentConfigsKey,
  listComponentConfigs,
  MANUAL_SELECTOR,
  unlinkConfig,
  type ComponentConfigLink,
} from './panel-api.js';
import { configPath } from '../links.js';
import { PanelList } from './PanelList.js';
import { useComponentLinksChanged, useComponentLinksRevision } from './use-component-links.js';

export const NO_LINKED_CONFIGS = 'No catalog items are linked to this component';
export const UNLINKED = 'Deleted config link successfully';

const configName = (link: ComponentConfigLink) => link.configs?.name ?? link.config_id;

/** The catalog items linked to the component; links made by hand can be removed. */
export function CatalogSection({ component }: { component: TopologyComponent }) {
  const toast = useToast();
  const mayUnlink = useCan('database', 'write');
  const revision = useComponentLinksRevision(component.id);
  const linksChanged = useComponentLinksChanged();
  const [unlinking, setUnlinking] = useState<ComponentConfigLink>();

  const unlink = async () => {
    if (!unlinking) return;
    try {
      await unlinkConfig(unlinking);
    } catch (error) {
      toast.error(error);
      throw error;
    }
    toast.success(UNLINKED);
    setUnlinking(undefined);
    await linksChanged(component.id);
  };

  const columns: DataTableColumn<ComponentConfigLink>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: (link) => (
        <>
          <Link to={configPath(link.config_id)}>{configName(link)}</Link>
          {link.configs?.type && <small className="pf-v6-u-display-block">{link.configs.type}</small>}
        </>
      ),
    },
    {
      id: 'health',
      header: 'Health',
      cell: (link) => <HealthLabel status={link.configs?.health ?? 'unknown'} isCompact />,
    },
    {
      id: 'unlink',
      header: 'Actions',
      cell: (link) =>
        mayUnlink && link.selector_id === MANUAL_SELECTOR ? (
          <Button variant="link" isInline isDanger onClick={() => setUnlinking(link)}>
            Unlink
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PanelList
        label="Catalog"
        queryKey={`${componentConfigsKey(component.id)}&revision=${revision}`}
        load={(pageIndex, pageSize) => listComponentConfigs(component.id, pageIndex, pageSize)}
        columns={columns}
        rowKey={(link) => `${link.config_id}/${link.selector_id}`}
        emptyText={NO_LINKED_CONFIGS}
      />
      <ConfirmDialog
        isOpen={unlinking !== undefined}
        title="Unlink catalog item"
        body={unlinking && `Remove the link between ${component.name} and ${configName(unlinking)}?`}
        confirmLabel="Unlink"
        onConfirm={unlink}
        onClose={() => setUnlinking(undefined)}
      />
    </>
  );
}
