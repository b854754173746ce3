import { useSearchParamsUpdate } from '../../lib/use-search-params-update.js';
import { useCallback, useState } from 'react';
import { Button, Flex, Label, LabelGroup, Tooltip } from '@patternfly/react-core';
import { ExclamationCircleIcon, PlusIcon } from '@patternfly/react-icons';
import { useCan } from '../../api/index.js';
import { Age } from '../../components/Age/index.js';
import { useTableState, type DataTableColumn } from '../../components/DataTable/index.js';
import { ListPage } from '../../components/ListPage/index.js';
import { OnDemandPopover } from '../../components/OnDemand/index.js';
import { formatDuration, NO_VALUE } from '../../lib/format.js';
import { RULES_DEFAULT_SORT, useRule, useRules, type RuleSummary } from './notifications-api.js';
import { RuleModal } from './RuleModal.js';

/** The title, with an error icon whose tooltip says what is wrong with the rule. */
function RuleTitle({ rule }: { rule: RuleSummary }) {
  return (
    <Flex
      spaceItems={{ default: 'spaceItemsSm' }}
      flexWrap={{ default: 'nowrap' }}
      alignItems={{ default: 'alignItemsCenter' }}
    >
      {rule.error && (
        <Tooltip content={rule.error}>
          <Button
            variant="plain"
            isInline
            aria-label={`Error: ${rule.error}`}
            icon={<ExclamationCircleIcon color="var(--pf-t--global--icon--color--status--danger--default)" />}
          />
        </Tooltip>
      )}
      <span>{rule.title || rule.name || NO_VALUE}</span>
    </Flex>
  );
}

/** The failed count; a click shows the rule's most common error. */
function FailedCount({ rule }: { rule: RuleSummary }) {
  if (!rule.failed) return <>{rule.failed ?? 0}</>;
  return (
    <OnDemandPopover
      headerContent="Most common error"
      bodyContent={rule.most_common_error ?? 'No error recorded'}
      aria-label={`Most common error of ${rule.title ?? rule.id}`}
    >
      <Button
        variant="link"
        isInline
        isDanger
        aria-label={`${rule.failed} failed: show the most common error`}
      >
        {rule.failed}
      </Button>
    </OnDemandPopover>
  );
}

const COLUMNS: DataTableColumn<RuleSummary>[] = [
  {
    id: 'events',
    header: 'Events',
    width: 20,
    cell: (rule) => (
      <LabelGroup numLabels={2} aria-label="Events">
        {rule.events.map((event) => (
          <Label key={event} isCompact>
            {event}
          </Label>
        ))}
      </LabelGroup>
    ),
  },
  { id: 'title', header: 'Title', sortable: true, width: 15, cell: (rule) => <RuleTitle rule={rule} /> },
  {
    id: 'filter',
    header: 'Filter',
    width: 15,
    cell: (rule) => (rule.filter ? <code>{rule.filter}</code> : NO_VALUE),
  },
  { id: 'pending', header: 'Pending', cell: (rule) => rule.pending ?? 0 },
  { id: 'failed', header: 'Failed', cell: (rule) => <FailedCount rule={rule} /> },
  { id: 'sent', header: 'Sent', cell: (rule) => rule.sent ?? 0 },
  {
    id: 'avg_duration_ms',
    header: 'Avg Duration',
    cell: (rule) => formatDuration(rule.avg_duration_ms) || NO_VALUE,
  },
  { id: 'repeat_interval', header: 'Repeat Interval', cell: (rule) => rule.repeat_interval ?? NO_VALUE },
  { id: 'created_at', header: 'Created At', sortable: true, cell: (rule) => <Age from={rule.created_at} /> },
  { id: 'updated_at', header: 'Updated At', sortable: true, cell: (rule) => <Age from={rule.updated_at} /> },
  { id: 'created_by', header: 'Created By', cell: (rule) => rule.creator?.name ?? NO_VALUE },
];

/** The rule `?id=` names, edited once it has loaded. */
function EditRule({ id, canWrite, onClose }: { id: string; canWrite: boolean; onClose: () => void }) {
  const { data: rule, isLoading } = useRule(id);
  if (isLoading || !rule) return null;
  return <RuleModal key={rule.id} rule={rule} canWrite={canWrite} onClose={onClose} />;
}

/**
 * /notifications/rules: the rules with their send counts, paged on the server; the plus button
 * adds one, a row (or `?id=`) opens it.
 */
export function RulesPage() {
  const [searchParams, updateParams] = useSearchParamsUpdate();
  const mayWrite = useCan('notifications', 'write');
  const { pageIndex, pageSize, sortBy, sortOrder } = useTableState({ defaultSort: RULES_DEFAULT_SORT });
  const query = useRules({ pageIndex, pageSize, sortBy: sortBy ?? RULES_DEFAULT_SORT.by, sortOrder });
  const [adding, setAdding] = useState(false);
  const openId = searchParams.get('id');

  const setOpenId = useCallback(
    (id: string | null) =>
      updateParams((params) => {
        if (id) params.set('id', id);
        else params.delete('id');
      }),
    [updateParams],
  );

  return (
    <ListPage
      title="Notifications"
      ariaLabel="Notification rules"
      query={query}
      columns={COLUMNS}
      rowKey={(rule) => rule.id}
      mode="server"
      totalRows={query.count}
      defaultSort={RULES_DEFAULT_SORT}
      emptyText="No notification rules found"
      create={{ label: 'Add Rule', icon: <PlusIcon />, allowed: mayWrite, onClick: () => setAdding(true) }}
      onRowClick={(rule) => setOpenId(rule.id)}
    >
      {adding && mayWrite && <RuleModal canWrite onClose={() => setAdding(false)} />}
      {openId && <EditRule id={openId} canWrite={mayWrite} onClose={() => setOpenId(null)} />}
    </ListPage>
  );
}
