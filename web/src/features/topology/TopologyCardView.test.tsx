import { screen } from '@testing-library/react';
import { fakeApiPerTest, renderConsole } from '../../shell/test-support.js';
import { ORDERS, PAYMENTS, PAYMENTS_ID, replyTopology, topologyAnswer } from './test-support.js';
import { COMPONENT_NOT_FOUND } from './TopologyCardView.js';

const page = fakeApiPerTest((api) => replyTopology(api, [PAYMENTS]));

describe('the public card view', () => {
  it('shows the read-only card of the component, without whoami', async () => {
    renderConsole(`/view/topology/${PAYMENTS_ID}`);
    const card = await screen.findByRole('article', { name: 'payments' });
    expect(card).toHaveStyle({ width: '554px' });
    // Read-only: no zooming in from the title.
    expect(screen.queryByRole('link', { name: 'payments' })).not.toBeInTheDocument();
    const reads = page.sent.filter((r) => r.path === 'api/canary/api/topology');
    expect(reads.at(-1)!.query.get('id')).toBe(PAYMENTS_ID);
    expect(reads.at(-1)!.query.get('depth')).toBe('2');
    expect(page.api.requests.filter((r) => r.path === 'api/auth/whoami')).toEqual([]);
  });

  it('takes its size from the size parameter, a name or pixels', async () => {
    const { unmount } = renderConsole(`/view/topology/${PAYMENTS_ID}?size=medium`);
    expect(await screen.findByRole('article', { name: 'payments' })).toHaveStyle({ width: '258px' });
    unmount();
    renderConsole(`/view/topology/${PAYMENTS_ID}?size=420`);
    expect(await screen.findByRole('article', { name: 'payments' })).toHaveStyle({ width: '420px' });
  });

  it('says "Component not found" for an empty answer and for a 404', async () => {
    page.api.reply('GET api/canary/api/topology', { status: 200, body: topologyAnswer([]) });
    const { unmount } = renderConsole(`/view/topology/${ORDERS.id}`);
    expect(await screen.findByText(COMPONENT_NOT_FOUND)).toBeInTheDocument();
    unmount();
    page.api.reply('GET api/canary/api/topology', { status: 404, body: { message: 'component not found' } });
    renderConsole(`/view/topology/${ORDERS.id}`);
    expect(await screen.findByText(COMPONENT_NOT_FOUND)).toBeInTheDocument();
  });
});
