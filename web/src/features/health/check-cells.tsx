import { Flex, FlexItem } from '@patternfly/react-core';
import { Age } from '../../components/Age/index.js';
import { HealthLabel } from '../../components/HealthLabel/index.js';
import { OnDemandTooltip } from '../../components/OnDemand/index.js';
import { formatDuration, LAST_RUN_AGE_MIN_MS, NO_VALUE, STATUS_AGE_MAX_MS } from '../../lib/format.js';
import { CheckIcon } from './check-drawer/CheckIcon.js';
import type { CheckSummary } from './types.js';

/** The check's icon and name. */
export function CheckName({ check }: { check: CheckSummary }) {
  return (
    <Flex spaceItems={{ default: 'spaceItemsSm' }} flexWrap={{ default: 'nowrap' }}>
      <FlexItem>
        <CheckIcon icon={check.icon} type={check.type} />
      </FlexItem>
      <FlexItem className="ops-check-name">{check.name}</FlexItem>
    </Flex>
  );
}

/**
 * The status, and the age of the last run when it is over an hour (a check that stopped running);
 * the age is hidden again once older than 7 days (spec 1 §4).
 */
export function CheckHealth({ check }: { check: CheckSummary }) {
  return (
    <Flex
      spaceItems={{ default: 'spaceItemsSm' }}
      alignItems={{ default: 'alignItemsCenter' }}
      flexWrap={{ default: 'nowrap' }}
    >
      <FlexItem>
        <HealthLabel status={check.status ?? 'unknown'} isCompact />
      </FlexItem>
      {check.last_runtime && (
        <FlexItem className="ops-check-age">
          <Age
            from={check.last_runtime}
            minimumAgeMs={LAST_RUN_AGE_MIN_MS}
            hideOlderThanMs={STATUS_AGE_MAX_MS}
          />
        </FlexItem>
      )}
    </Flex>
  );
}

/** p95, with p95, p97 and p99 in a tooltip. */
export function CheckLatency({ check }: { check: CheckSummary }) {
  const { p95, p97, p99 } = check.latency;
  if (p95 == null) return <>{NO_VALUE}</>;
  const line = (name: string, value: number | null | undefined) => (
    <div>
      {name}: {value == null ? NO_VALUE : formatDuration(value)}
    </div>
  );
  return (
    <OnDemandTooltip
      content={
        <>
          {line('p95', p95)}
          {line('p97', p97)}
          {line('p99', p99)}
        </>
      }
    >
      <span tabIndex={-1}>{formatDuration(p95)}</span>
    </OnDemandTooltip>
  );
}
