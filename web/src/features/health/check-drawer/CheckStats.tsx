import type { ReactNode } from 'react';
import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Skeleton,
} from '@patternfly/react-core';
import { Age } from '../../../components/Age/index.js';
import { formatDuration, formatUptime, NO_VALUE } from '../../../lib/format.js';
import type { CheckRow, CheckSummary } from './check-api.js';

export interface CheckStatsProps {
  check: CheckRow;
  summary: CheckSummary | undefined;
  isLoading: boolean;
}

const ms = (value: number | null | undefined) => (value == null ? NO_VALUE : formatDuration(value));
const age = (date: string | null | undefined, future = false) =>
  date ? <Age from={date} future={future} /> : NO_VALUE;

/** Uptime, latency percentiles, run times, type, canary and agent of the check over the range. */
export function CheckStats({ check, summary, isLoading }: CheckStatsProps) {
  const figure = (value: ReactNode) => (isLoading && !summary ? <Skeleton width="4rem" /> : value);
  const latency = summary?.latency;
  const stats: [string, ReactNode][] = [
    ['Uptime', figure(formatUptime(summary?.uptime))],
    ['Latency p95', figure(ms(latency?.p95))],
    ['Latency p97', figure(ms(latency?.p97))],
    ['Latency p99', figure(ms(latency?.p99))],
    ['Last run', age(summary?.last_runtime ?? check.last_runtime)],
    ['Last transition', age(summary?.last_transition_time ?? check.last_transition_time)],
    ['Next run', age(summary?.next_runtime ?? check.next_runtime, true)],
    ['Type', check.type],
    ['Canary', summary?.canary_name ?? check.canary?.name ?? NO_VALUE],
    // The all-zero agent (agent_name null) is the console itself.
    ['Agent', figure(summary ? (summary.agent_name ?? 'local') : NO_VALUE)],
  ];
  return (
    <DescriptionList isCompact isAutoFit autoFitMinModifier={{ default: '9rem' }}>
      {stats.map(([term, value]) => (
        <DescriptionListGroup key={term}>
          <DescriptionListTerm>{term}</DescriptionListTerm>
          <DescriptionListDescription>{value}</DescriptionListDescription>
        </DescriptionListGroup>
      ))}
    </DescriptionList>
  );
}
