import { render, screen } from '@testing-library/react';
import type { CheckRow } from './check-api.js';
import { CheckStats } from './CheckStats.js';
import { check } from './drawer-test-kit.js';

const SECOND = 1000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const checkAt = (times: Pick<CheckRow, 'last_runtime' | 'next_runtime'>) =>
  ({ ...check, ...times }) as CheckRow;
const figure = (term: string) => screen.getByText(term).closest('.pf-v6-c-description-list__group');

describe('CheckStats', () => {
  it('says a run the server just made, by a clock a little ahead, was 0 seconds ago, and the next run ahead', () => {
    render(
      <CheckStats
        check={checkAt({ last_runtime: at(7 * SECOND), next_runtime: at(120 * SECOND + 500) })}
        summary={undefined}
        isLoading={false}
      />,
    );
    expect(figure('Last run')).toHaveTextContent('0 seconds ago');
    expect(figure('Next run')).toHaveTextContent('in 2 minutes');
  });
});
