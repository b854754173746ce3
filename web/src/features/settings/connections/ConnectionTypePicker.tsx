import { useId, useState } from 'react';
import { Card, CardHeader, CardTitle, EmptyState, Gallery, SearchInput, Stack } from '@patternfly/react-core';
import { ConnectionTypeIcon } from './ConnectionTypeIcon.js';
import { searchTypes, type ConnectionType } from './connection-types.js';

/** A new connection's first step: the types as tiles sorted by name, with a search box. */
export function ConnectionTypePicker({ onPick }: { onPick: (type: ConnectionType) => void }) {
  const idPrefix = useId();
  const [search, setSearch] = useState('');
  const types = searchTypes(search);

  return (
    <Stack hasGutter>
      <SearchInput
        aria-label="Search connection types"
        placeholder="Search"
        value={search}
        onChange={(_event, value) => setSearch(value)}
        onClear={() => setSearch('')}
        autoFocus
      />
      {types.length === 0 ? (
        <EmptyState titleText="No result" headingLevel="h3" variant="xs" />
      ) : (
        <Gallery hasGutter minWidths={{ default: '11rem' }} role="list" aria-label="Connection types">
          {types.map((type) => {
            const titleId = `${idPrefix}-${type.value}`;
            return (
              <Card key={type.value} isClickable isCompact role="listitem">
                <CardHeader
                  selectableActions={{
                    onClickAction: () => onPick(type),
                    selectableActionId: `${titleId}-action`,
                    selectableActionAriaLabelledby: titleId,
                    name: 'connection-type',
                  }}
                >
                  <CardTitle id={titleId}>
                    <ConnectionTypeIcon type={type.value} /> {type.title}
                  </CardTitle>
                </CardHeader>
              </Card>
            );
          })}
        </Gallery>
      )}
    </Stack>
  );
}
