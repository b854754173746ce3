import { render, screen } from '@testing-library/react';
import type { CheckRow } from './check-api.js';
import { CheckStats } from './CheckStats.js';

const SECOND = 1000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const check = (times: Pick<CheckRow, 'last_runtime' | 'next_runtime'>): CheckRow => ({
  id: 'c1',
  canary_id: 'can1',
  agent_id: '00000000-0000-0000-0000-000000000000',
  type: 'http',
  name: 'api-health',
  namespace: 'prod',
  description: null,
  endpoint: null,
  icon: null,
  labels: null,
  spec: {},
  status: 'healthy',
  last_transition_time: null,
  deleted_at: null,
  canary: null,
  ...times,
});
const figure = (term: string) => screen.getByText(term).closest('.pf-v6-c-description-list__group');

describe('CheckStats', () => {
  it('says a run the server just made, by a clock a little ahead, was 0 seconds ago, and the next run ahead', () => {
    render(
      <CheckStats
        check={check({ last_runtime: at(7 * SECOND), next_runtime: at(120 * SECOND + 500) })}
        summary={undefined}
        isLoading={false}
      />,
    );
    expect(figure('Last run')).toHaveTextContent('0 seconds ago');
    expect(figure('Next run')).toHaveTextContent('in 2 minutes');
  });
});
