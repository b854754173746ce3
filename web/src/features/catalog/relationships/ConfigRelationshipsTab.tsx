import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import {
  Switch,
  ToggleGroup,
  ToggleGroupItem,
  Toolbar,
  ToolbarContent,
  ToolbarGroup,
  ToolbarItem,
  Tooltip,
} from '@patternfly/react-core';
import { useCan, useDbQuery } from '../../../api/index.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog/index.js';
import { LoadError } from '../../../components/LoadError/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { withRestStyles } from '../../../lib/rest-styles.js';
import { LoadingScreen } from '../../../shell/screens/LoadingScreen.js';
import { ScreenMessage } from '../../../shell/screens/ScreenMessage.js';
import { RelationshipsTable } from './RelationshipsTable.js';
import {
  deleteManualLink,
  getRootConfig,
  listManualLinks,
  listRelated,
  manualLinksKey,
  relatedKey,
  rootConfigKey,
  type ManualLink,
  type RelatedConfig,
  type RelatedQuery,
  type RootConfig,
} from './relationships-api.js';
import { relationOf, typeFilterOf, useRelationshipParams } from './use-relationship-params.js';

// The topology library is heavy: only a person who opens the graph loads it.
const RelationshipsGraph = lazy(withRestStyles(() => import('./RelationshipsGraph.js')));

const OUTGOING_HINT = 'Outgoing is shown whenever Incoming is off.';

/** The manual link between the page's config and a row, whichever way round it was made. */
function manualLinkOf(links: ManualLink[] | undefined, configId: string, row: RelatedConfig) {
  return links?.find(
    (link) =>
      (link.config_id === configId && link.related_id === row.id) ||
      (link.related_id === configId && link.config_id === row.id),
  );
}

export interface ConfigRelationshipsTabProps {
  /** The config; the route's id by default. */
  configId?: string;
  /** Deleted related configs too (the catalog's 'Hide Deleted Catalog' preference turned off). */
  includeDeleted?: boolean;
}

/**
 * /catalog/{id}/relationships (spec 3 §2.1): the configs related to this one, as a table or a
 * graph, with the Outgoing, Incoming and Soft toggles in the URL; manual links can be unlinked.
 */
export function ConfigRelationshipsTab({ configId, includeDeleted = false }: ConfigRelationshipsTabProps) {
  const { id: routeId = '' } = useParams();
  const id = configId ?? routeId;
  const params = useRelationshipParams();
  const toast = useToast();
  const canUnlink = useCan('database', 'write');
  const [unlinking, setUnlinking] = useState<{ row: RelatedConfig; link: ManualLink }>();

  const query: RelatedQuery = {
    configId: id,
    typeFilter: typeFilterOf(params),
    relation: relationOf(params),
    includeDeleted,
  };
  const related = useDbQuery<RelatedConfig[]>(relatedKey(query), () => listRelated(query));
  const root = useDbQuery<RootConfig | null>(rootConfigKey(id), () => getRootConfig(id));
  const manual = useDbQuery<ManualLink[]>(manualLinksKey(id), () => listManualLinks(id));
  const rows = useMemo(() => related.data ?? [], [related.data]);

  const isManual = (row: RelatedConfig) =>
    row.depth === 1 && manualLinkOf(manual.data, id, row) !== undefined;

  const unlink = async () => {
    if (!unlinking) return;
    try {
      await deleteManualLink(unlinking.link);
    } catch (error) {
      toast.error(error);
      throw error;
    }
    toast.success('Deleted config link successfully');
    await Promise.all([related.mutate(), manual.mutate()]);
  };

  const body = () => {
    if (related.error && !related.data) return <LoadError error={related.error} />;
    if (params.view === 'table') {
      return (
        <RelationshipsTable
          rows={rows}
          isLoading={related.isLoading}
          isManual={isManual}
          onUnlink={
            canUnlink
              ? (row) => {
                  const link = manualLinkOf(manual.data, id, row);
                  if (link) setUnlinking({ row, link });
                }
              : undefined
          }
        />
      );
    }
    if (related.isLoading || root.isLoading) return <LoadingScreen />;
    if (root.error && !root.data) return <LoadError error={root.error} />;
    if (!root.data) return <ScreenMessage title="Details not found" />;
    if (rows.length === 0) return <ScreenMessage title="No related configs" />;
    return (
      <Suspense fallback={<LoadingScreen />}>
        <RelationshipsGraph root={root.data} related={rows} direction={params.direction} />
      </Suspense>
    );
  };

  const outgoingSwitch = (
    <Switch
      id="relationships-outgoing"
      label="Outgoing"
      isChecked={params.outgoing}
      isDisabled={!params.incoming}
      onChange={(_event, on) => params.setOutgoing(on)}
    />
  );

  return (
    <>
      <Toolbar>
        <ToolbarContent>
          <ToolbarGroup>
            <ToolbarItem>
              {params.incoming ? outgoingSwitch : <Tooltip content={OUTGOING_HINT}>{outgoingSwitch}</Tooltip>}
            </ToolbarItem>
            <ToolbarItem>
              <Switch
                id="relationships-incoming"
                label="Incoming"
                isChecked={params.incoming}
                onChange={(_event, on) => params.setIncoming(on)}
              />
            </ToolbarItem>
            <ToolbarItem>
              <Switch
                id="relationships-soft"
                label="Soft"
                isChecked={params.soft}
                onChange={(_event, on) => params.setSoft(on)}
              />
            </ToolbarItem>
          </ToolbarGroup>
          <ToolbarGroup align={{ default: 'alignEnd' }}>
            {params.view === 'graph' && (
              <ToolbarItem>
                <ToggleGroup aria-label="Layout direction" isCompact>
                  <ToggleGroupItem
                    text="Left to right"
                    isSelected={params.direction === 'LR'}
                    onChange={() => params.setDirection('LR')}
                  />
                  <ToggleGroupItem
                    text="Top to bottom"
                    isSelected={params.direction === 'TB'}
                    onChange={() => params.setDirection('TB')}
                  />
                </ToggleGroup>
              </ToolbarItem>
            )}
            <ToolbarItem>
              <ToggleGroup aria-label="View">
                <ToggleGroupItem
                  text="Table"
                  isSelected={params.view === 'table'}
                  onChange={() => params.setView('table')}
                />
                <ToggleGroupItem
                  text="Graph"
                  isSelected={params.view === 'graph'}
                  onChange={() => params.setView('graph')}
                />
              </ToggleGroup>
            </ToolbarItem>
          </ToolbarGroup>
        </ToolbarContent>
      </Toolbar>
      {body()}
      <ConfirmDialog
        isOpen={unlinking !== undefined}
        title="Unlink config"
        body={
          unlinking && (
            <>
              Remove the manual link to <strong>{unlinking.row.name}</strong>? The configs themselves stay.
            </>
          )
        }
        confirmLabel="Unlink"
        onConfirm={unlink}
        onClose={() => setUnlinking(undefined)}
      />
    </>
  );
}
