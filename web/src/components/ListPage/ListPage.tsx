import { useMemo, useRef, type ReactNode } from 'react';
import { Button, Flex } from '@patternfly/react-core';
import { can, useWhoami, type Resource } from '../../api/index.js';
import { DataTable, type DataTableColumn, type DataTableProps } from '../DataTable/index.js';
import { LoadError } from '../LoadError/index.js';
import { PageHeader } from '../../shell/page-header.js';

/** A button in a row's Actions cell. */
export interface RowAction<Row> {
  label: string;
  onClick: (row: Row) => void;
  /** Its accessible name for a row ('Delete incidents.disable'); the label by default. */
  ariaLabel?: (row: Row) => string;
  isDanger?: boolean;
}

/** The header's create button, shown only to those who may create. */
export interface CreateAction {
  label: string;
  onClick: () => void;
  /**
   * Who sees it: the result of a permission check, or the resource they must be able to write
   * (checked against whoami here).
   */
  allowed: boolean | Resource;
  icon?: ReactNode;
}

/** What the list reads from its data hook (useDbQuery, or a useApi answer). */
export interface ListQuery<Row> {
  data?: Row[];
  error?: unknown;
  isLoading: boolean;
  /** A refresh is under way with rows already shown: spins the refresh button. */
  isValidating?: boolean;
  mutate: () => Promise<unknown>;
}

export interface ListPageProps<Row> extends Omit<
  DataTableProps<Row>,
  'rows' | 'isLoading' | 'ariaLabel' | 'columns'
> {
  /** The page's title in the top bar (text or a breadcrumb). */
  title: ReactNode;
  /** The table's accessible name. */
  ariaLabel: string;
  query: ListQuery<Row>;
  columns: DataTableColumn<Row>[];
  create?: CreateAction;
  /** An Actions column with these buttons in every row; none without. */
  rowActions?: RowAction<Row>[];
  /** Above the table: the page's filters. */
  toolbar?: ReactNode;
  /** The page's dialogs. */
  children?: ReactNode;
}

/** Whether the create button shows: a check's result as it is, a resource as whoami says. */
function useAllowed(allowed: boolean | Resource | undefined): boolean {
  const { data: whoami } = useWhoami();
  if (allowed === undefined || typeof allowed === 'boolean') return allowed === true;
  return can(whoami, allowed, 'write');
}

function actionsColumn<Row>(actions: RowAction<Row>[]): DataTableColumn<Row> {
  return {
    id: 'actions',
    header: 'Actions',
    cell: (row) => (
      <Flex spaceItems={{ default: 'spaceItemsMd' }} flexWrap={{ default: 'nowrap' }}>
        {actions.map((action) => (
          <Button
            key={action.label}
            variant="link"
            isInline
            isDanger={action.isDanger}
            aria-label={action.ariaLabel?.(row)}
            onClick={() => action.onClick(row)}
          >
            {action.label}
          </Button>
        ))}
      </Flex>
    ),
  };
}

/**
 * A list page: the top bar's title, refresh and create button (for those who may create), then
 * the rows in a DataTable, or the load error when there are none to show; row actions and the
 * page's dialogs come from the page.
 */
export function ListPage<Row>({
  title,
  ariaLabel,
  query,
  columns,
  create,
  rowActions,
  toolbar,
  children,
  ...table
}: ListPageProps<Row>) {
  const { data, error, isLoading, isValidating, mutate } = query;
  const mayCreate = useAllowed(create?.allowed);
  // The header keeps the button; the latest handler is read when it is clicked.
  const onCreate = useRef(create?.onClick);
  onCreate.current = create?.onClick;
  const label = create?.label;
  const icon = create?.icon;

  const headerActions = useMemo(
    () =>
      mayCreate && label ? (
        <Button variant="primary" icon={icon} onClick={() => onCreate.current?.()}>
          {label}
        </Button>
      ) : undefined,
    [mayCreate, label, icon],
  );
  const allColumns = useMemo(
    () => (rowActions && rowActions.length > 0 ? [...columns, actionsColumn(rowActions)] : columns),
    [columns, rowActions],
  );

  return (
    <>
      <PageHeader
        title={title}
        actions={headerActions}
        onRefresh={() => void mutate()}
        isRefreshing={isValidating === true && !isLoading}
      />
      {toolbar}
      {error && !data ? (
        <LoadError error={error} />
      ) : (
        <DataTable
          {...table}
          ariaLabel={ariaLabel}
          columns={allColumns}
          rows={data ?? []}
          isLoading={isLoading}
        />
      )}
      {children}
    </>
  );
}
