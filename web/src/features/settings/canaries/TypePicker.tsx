import { useId, useState } from 'react';
import { Card, CardHeader, CardTitle, EmptyState, Gallery, SearchInput, Stack } from '@patternfly/react-core';
import { searchKinds, type CheckKind } from './check-kinds.js';

export interface TypePickerProps {
  onPick: (kind: CheckKind) => void;
}

/** The health check kinds as a searchable grid of tiles, sorted by label (spec 3 §2.3). */
export function TypePicker({ onPick }: TypePickerProps) {
  const idPrefix = useId();
  const [search, setSearch] = useState('');
  const kinds = searchKinds(search);

  return (
    <Stack hasGutter>
      <SearchInput
        aria-label="Search health check types"
        placeholder="Search"
        value={search}
        onChange={(_event, value) => setSearch(value)}
        onClear={() => setSearch('')}
      />
      {kinds.length === 0 ? (
        <EmptyState titleText="No result" headingLevel="h3" variant="xs" />
      ) : (
        <Gallery hasGutter minWidths={{ default: '10rem' }} role="list" aria-label="Health check types">
          {kinds.map((kind) => {
            const titleId = `${idPrefix}-${kind.key ?? 'custom'}`;
            return (
              <Card key={titleId} isClickable isCompact role="listitem">
                <CardHeader
                  selectableActions={{
                    onClickAction: () => onPick(kind),
                    selectableActionId: `${titleId}-action`,
                    selectableActionAriaLabelledby: titleId,
                    name: 'health-check-type',
                  }}
                >
                  <CardTitle id={titleId}>{kind.label}</CardTitle>
                </CardHeader>
              </Card>
            );
          })}
        </Gallery>
      )}
    </Stack>
  );
}
