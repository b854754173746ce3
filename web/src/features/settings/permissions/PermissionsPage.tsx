import { useSearchParamsUpdate } from '../../../lib/use-search-params-update.js';
import { useMemo } from 'react';
import { Toolbar, ToolbarContent } from '@patternfly/react-core';
import { PlusIcon } from '@patternfly/react-icons';
import { useDbQuery } from '../../../api/index.js';
import { FilterSelect } from '../../../components/FilterSelect/index.js';
import { ListPage } from '../../../components/ListPage/index.js';
import { listChoices, type Named, type PermissionFilter } from './permissions-api.js';
import { PERMISSION_COLUMNS, usePermissions } from './use-permissions.js';

const FILTERS = ['person_id', 'team_id'] as const;

/** A toolbar filter over people or teams, its choice kept in the URL. */
function SubjectFilter({
  kind,
  value,
  onChange,
}: {
  kind: 'person' | 'team';
  value: string;
  onChange: (v: string) => void;
}) {
  const { data } = useDbQuery<Named[]>(`permission-choices?kind=${kind}`, () => listChoices(kind));
  const options = (data ?? []).map((row) => ({ value: row.id, label: row.name }));
  return (
    <FilterSelect
      label={kind === 'person' ? 'Person' : 'Team'}
      anyLabel={kind === 'person' ? 'All people' : 'All teams'}
      value={value}
      options={options}
      onChange={onChange}
    />
  );
}

/** /settings/permissions (spec 3 §2.3): every permission, filtered by person or team, paged on the server. */
export function PermissionsPage() {
  const [searchParams, updateParams] = useSearchParamsUpdate();
  const filter = useMemo(() => {
    const chosen: PermissionFilter = {};
    for (const column of FILTERS) {
      const value = searchParams.get(column);
      if (value) chosen[column] = value;
    }
    return chosen;
  }, [searchParams]);
  const { query, canWrite, rowActions, dialogs, add, edit } = usePermissions(filter);

  const choose = (column: (typeof FILTERS)[number]) => (value: string) =>
    updateParams((params) => {
      if (value) params.set(column, value);
      else params.delete(column);
      params.delete('pageIndex');
    });

  return (
    <ListPage
      title="Permissions"
      ariaLabel="Permissions"
      query={query}
      columns={PERMISSION_COLUMNS}
      rowKey={(permission) => permission.id}
      mode="server"
      totalRows={query.count}
      emptyText="No permissions found"
      create={{ label: 'Add Permission', icon: <PlusIcon />, allowed: canWrite, onClick: add }}
      rowActions={rowActions}
      onRowClick={canWrite ? edit : undefined}
      toolbar={
        <Toolbar>
          <ToolbarContent>
            <SubjectFilter kind="person" value={filter.person_id ?? ''} onChange={choose('person_id')} />
            <SubjectFilter kind="team" value={filter.team_id ?? ''} onChange={choose('team_id')} />
          </ToolbarContent>
        </Toolbar>
      }
    >
      {dialogs}
    </ListPage>
  );
}
