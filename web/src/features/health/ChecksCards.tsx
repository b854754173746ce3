import { memo, useMemo, type KeyboardEvent } from 'react';
import {
  Badge,
  Bullseye,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Flex,
  FlexItem,
  Skeleton,
  Title,
} from '@patternfly/react-core';
import { Age } from '../../components/Age/index.js';
import { groupRows } from '../../components/DataTable/index.js';
import { HealthLabel, healthColor } from '../../components/HealthLabel/index.js';
import { formatUptime, NO_VALUE } from '../../lib/format.js';
import { CheckLatency, CheckName } from './check-cells.js';
import { sortChecks } from './check-sort.js';
import { GroupHealthLabel } from './GroupHealthLabel.js';
import type { CheckSummary } from './types.js';

const SKELETON_CARDS = 6;

export interface ChecksCardsProps {
  checks: CheckSummary[];
  isLoading: boolean;
  groupBy?: (check: CheckSummary) => string;
  sortBy?: string;
  sortDesc: boolean;
  onOpen: (checkId: string) => void;
}

/** The checks as a grid of cards, grouped like the table; a card (click or Enter) opens the check. */
export const ChecksCards = memo(function ChecksCards({
  checks,
  isLoading,
  groupBy,
  sortBy,
  sortDesc,
  onOpen,
}: ChecksCardsProps) {
  const groups = useMemo(() => {
    const sorted = sortChecks(checks, sortBy, sortDesc);
    return groupBy ? groupRows(sorted, groupBy) : [{ key: '', rows: sorted }];
  }, [checks, groupBy, sortBy, sortDesc]);

  if (isLoading) {
    return (
      <div className="ops-check-cards" aria-busy="true">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <Card key={index} isCompact>
            <CardBody>
              <Skeleton screenreaderText={index === 0 ? 'Loading' : undefined} />
            </CardBody>
          </Card>
        ))}
      </div>
    );
  }
  if (checks.length === 0) return <Bullseye className="ops-check-cards__empty">No data available</Bullseye>;

  return (
    <div className="ops-check-card-groups">
      {groups.map((group) => (
        <section key={group.key} aria-label={group.key || 'Checks'}>
          {groupBy && (
            <Flex spaceItems={{ default: 'spaceItemsSm' }} alignItems={{ default: 'alignItemsCenter' }}>
              <FlexItem>
                <Title headingLevel="h2" size="md">
                  {group.key}
                </Title>
              </FlexItem>
              <FlexItem>
                <Badge isRead>{group.rows.length}</Badge>
              </FlexItem>
              <FlexItem>
                <GroupHealthLabel checks={group.rows} />
              </FlexItem>
            </Flex>
          )}
          <div className="ops-check-cards">
            {group.rows.map((check) => (
              <CheckCard key={check.id} check={check} onOpen={onOpen} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
});

const CheckCard = memo(function CheckCard({
  check,
  onOpen,
}: {
  check: CheckSummary;
  onOpen: (checkId: string) => void;
}) {
  const status = check.status ?? 'unknown';
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      onOpen(check.id);
    }
  };
  return (
    <Card
      isCompact
      role="button"
      tabIndex={0}
      className={`ops-check-card ops-check-card--${healthColor(status)}`}
      onClick={() => onOpen(check.id)}
      onKeyDown={onKeyDown}
    >
      <CardHeader>
        <CardTitle>
          <CheckName check={check} />
        </CardTitle>
      </CardHeader>
      <CardBody>
        <HealthLabel status={status} isCompact />
        <DescriptionList isCompact columnModifier={{ default: '3Col' }} className="ops-check-card__stats">
          <DescriptionListGroup>
            <DescriptionListTerm>Uptime</DescriptionListTerm>
            <DescriptionListDescription>{formatUptime(check.uptime)}</DescriptionListDescription>
          </DescriptionListGroup>
          <DescriptionListGroup>
            <DescriptionListTerm>Latency</DescriptionListTerm>
            <DescriptionListDescription>
              <CheckLatency check={check} />
            </DescriptionListDescription>
          </DescriptionListGroup>
          <DescriptionListGroup>
            <DescriptionListTerm>Last run</DescriptionListTerm>
            <DescriptionListDescription>
              {check.last_runtime ? <Age from={check.last_runtime} /> : NO_VALUE}
            </DescriptionListDescription>
          </DescriptionListGroup>
        </DescriptionList>
      </CardBody>
    </Card>
  );
});
