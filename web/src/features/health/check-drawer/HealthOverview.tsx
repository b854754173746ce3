import { lazy, Suspense, useMemo } from 'react';
import { Alert, Bullseye, Skeleton, Title } from '@patternfly/react-core';
import { useDbQuery } from '../../../api/index.js';
import { listStatusPoints, statusPointsKey, type StatusPoint } from './check-api.js';
import { toChartPoints } from './chart-data.js';

const HealthOverviewChart = lazy(() => import('./HealthOverviewChart.js'));

export const CHART_HEIGHT = 200;

export interface HealthOverviewProps {
  checkId: string;
  /** ISO start of the range. */
  since: string;
}

/** 'Health Overview': the latency and result of each run since the start of the range. */
export function HealthOverview({ checkId, since }: HealthOverviewProps) {
  const { data, error, isLoading } = useDbQuery<StatusPoint[]>(
    statusPointsKey(checkId, since),
    () => listStatusPoints(checkId, since),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  const points = useMemo(() => toChartPoints(data ?? []), [data]);
  const range = useMemo(() => ({ from: new Date(since), to: new Date() }), [since]);
  const placeholder = <Skeleton height={`${CHART_HEIGHT}px`} screenreaderText="Loading chart" />;

  let body;
  if (error) body = <Alert variant="danger" isInline isPlain title={error.message} />;
  else if (isLoading) body = placeholder;
  else if (points.length === 0) {
    body = <Bullseye style={{ height: CHART_HEIGHT }}>No runs in this time range</Bullseye>;
  } else {
    body = (
      <Suspense fallback={placeholder}>
        <HealthOverviewChart points={points} from={range.from} to={range.to} height={CHART_HEIGHT} />
      </Suspense>
    );
  }
  return (
    <section aria-label="Health Overview">
      <Title headingLevel="h3" size="md">
        Health Overview
      </Title>
      {body}
    </section>
  );
}
