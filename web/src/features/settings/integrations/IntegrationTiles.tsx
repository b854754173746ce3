import type { ComponentType } from 'react';
import { Card, CardHeader, CardTitle, Flex, FlexItem, Gallery, Title } from '@patternfly/react-core';
import {
  AwsIcon,
  AzureIcon,
  CloudDownloadAltIcon,
  CubesIcon,
  DharmachakraIcon,
  FireIcon,
  ListAltIcon,
  ProjectDiagramIcon,
  SyncAltIcon,
} from '@patternfly/react-icons';

export interface Tile {
  key: string;
  title: string;
}

const ICONS: Record<string, ComponentType> = {
  aws: AwsIcon,
  azure: AzureIcon,
  prometheus: FireIcon,
  flux: SyncAltIcon,
  kubernetes: DharmachakraIcon,
  'mission-control': CubesIcon,
  topologies: ProjectDiagramIcon,
  scrapers: CloudDownloadAltIcon,
  logging_backends: ListAltIcon,
};

/** A titled group of tiles; each is a button (Enter and Space choose it). */
export function IntegrationTiles<T extends Tile>({
  heading,
  tiles,
  onPick,
}: {
  heading: string;
  tiles: readonly T[];
  onPick: (tile: T) => void;
}) {
  const headingId = `integration-tiles-${heading.replaceAll(' ', '-').toLowerCase()}`;
  return (
    <section aria-labelledby={headingId}>
      <Title headingLevel="h2" size="lg" id={headingId} className="pf-v6-u-mb-md">
        {heading}
      </Title>
      <Gallery hasGutter minWidths={{ default: '12rem' }} role="list" aria-labelledby={headingId}>
        {tiles.map((tile) => {
          const Icon = ICONS[tile.key] ?? CubesIcon;
          const titleId = `integration-tile-${tile.key}`;
          return (
            <Card key={tile.key} isClickable isCompact role="listitem">
              <CardHeader
                selectableActions={{
                  onClickAction: () => onPick(tile),
                  selectableActionId: `${titleId}-action`,
                  selectableActionAriaLabelledby: titleId,
                  name: 'integration-tile',
                }}
              >
                <CardTitle id={titleId}>
                  <Flex spaceItems={{ default: 'spaceItemsSm' }} alignItems={{ default: 'alignItemsCenter' }}>
                    <FlexItem>
                      <Icon />
                    </FlexItem>
                    <FlexItem>{tile.title}</FlexItem>
                  </Flex>
                </CardTitle>
              </CardHeader>
            </Card>
          );
        })}
      </Gallery>
    </section>
  );
}
