import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../shell/test-support.js';
import { component, ORDERS, PAYMENTS, PAYMENTS_ID } from './test-support.js';
import { TopologyCard } from './TopologyCard.js';
import type { TopologyComponent } from './types.js';

function renderCard(card: TopologyComponent, width = 554) {
  const user = userEvent.setup();
  const result = renderPage(
    <TopologyCard component={card} width={width} zoomTo={(c) => `/topology/${c.id}?type=Namespace`} />,
    '/topology',
  );
  const article = screen.getByRole('article', { name: card.name });
  return { ...result, user, article };
}

const labelOf = (element: Element) => element.querySelector('.pf-v6-c-label')!;

describe('TopologyCard', () => {
  it('shows the name, the type linking to its filter, the status reason and the health border', () => {
    const { article } = renderCard(ORDERS);
    expect(article).toHaveAttribute('data-health', 'unhealthy');
    expect(within(article).getByRole('link', { name: 'Namespace' })).toHaveAttribute(
      'href',
      '/topology?type=Namespace',
    );
    expect(within(article).getByText('CrashLoopBackOff')).toBeInTheDocument();
  });

  it('marks a warning card orange and a healthy one with no health border', () => {
    const { article, unmount } = renderCard(component({ id: 'w', name: 'warn', status: 'warning' }));
    expect(article).toHaveAttribute('data-health', 'warning');
    unmount();
    expect(renderCard(component({ id: 'h', name: 'fine' })).article).toHaveAttribute(
      'data-health',
      'healthy',
    );
  });

  it('colours check counts green, red, orange and gray', () => {
    const { article } = renderCard(PAYMENTS);
    expect(labelOf(within(article).getByRole('link', { name: '4 healthy checks' }))).toHaveClass(
      'pf-m-green',
    );
    expect(labelOf(within(article).getByRole('link', { name: '2 unhealthy checks' }))).toHaveClass(
      'pf-m-red',
    );
    expect(labelOf(within(article).getByRole('link', { name: '1 warning checks' }))).toHaveClass(
      'pf-m-orange',
    );
    // Gray is a label's own colour: no colour modifier.
    const unknown = within(article).getByRole('link', { name: '3 unknown checks' });
    expect(unknown).toHaveAttribute('data-color', 'grey');
    expect(labelOf(unknown).className).not.toMatch(/pf-m-(green|red|orange)/);
  });

  it('shows usage above 70 % red, costs above 1000 in k, bytes and millicores readable', () => {
    const { article } = renderCard(PAYMENTS);
    const metrics = within(article).getByRole('group', { name: 'Headline properties' });
    expect(within(metrics).getByText('80%')).toHaveAttribute('data-high-usage', 'true');
    expect(within(metrics).getByText('50%')).not.toHaveAttribute('data-high-usage');
    expect(within(metrics).getByText('$1.5k')).toBeInTheDocument();
    const properties = within(article).getByRole('list', { name: 'Properties' });
    expect(within(properties).getByText('1.25 cores')).toBeInTheDocument();
  });

  it('links insights and incidents by type and severity', () => {
    const { article } = renderCard(PAYMENTS);
    expect(within(article).getByRole('link', { name: '1 critical security insights' })).toHaveAttribute(
      'href',
      `/catalog/insights?component=${PAYMENTS_ID}&type=security&severity=critical`,
    );
    expect(within(article).getByRole('link', { name: '1 high availability incidents' })).toHaveAttribute(
      'href',
      `/incidents?severity=high&component=${PAYMENTS_ID}&type=availability`,
    );
  });

  it('lists six properties and five health items before "show more", then all', async () => {
    const { article, user } = renderCard(PAYMENTS);
    const properties = within(article).getByRole('list', { name: 'Properties' });
    expect(within(properties).getAllByRole('listitem')).toHaveLength(6);
    const health = within(article).getByRole('list', { name: 'Health' });
    expect(within(health).getAllByRole('listitem')).toHaveLength(5);
    // Insights, checks and incidents come first, then the eight children.
    await user.click(within(health.parentElement!).getByRole('button', { name: /show more/ }));
    expect(within(health).getAllByRole('listitem')).toHaveLength(11);
    expect(within(health).getByRole('link', { name: 'payments-svc-7' })).toBeInTheDocument();
    await user.click(within(properties.parentElement!).getByRole('button', { name: /show more/ }));
    expect(within(properties).getAllByRole('listitem')).toHaveLength(8);
  });

  it('shows at most five owner avatars and how many more', () => {
    const { article } = renderCard(PAYMENTS);
    const owners = within(article).getByRole('list', { name: 'Owners' });
    const avatars = within(owners).getAllByRole('listitem');
    expect(avatars).toHaveLength(6);
    expect(avatars.slice(0, 5).map((a) => a.getAttribute('aria-label'))).toEqual([
      'Jane Doe',
      'Payments',
      'Platform',
      'SRE',
      'Security',
    ]);
    expect(avatars[5]).toHaveAccessibleName('2 more');
  });

  it('zooms in from its title and from a click on the card', async () => {
    const { article, user, router } = renderCard(ORDERS);
    await user.click(within(article).getByText('CrashLoopBackOff'));
    expect(router.state.location.pathname).toBe(`/topology/${ORDERS.id}`);
    expect(router.state.location.search).toBe('?type=Namespace');
  });

  it('stacks a narrow card and moves its headline properties below the title', () => {
    const { article } = renderCard(PAYMENTS, 258);
    expect(article).toHaveClass('ops-topology-card--narrow');
    expect(article).toHaveStyle({ width: '258px' });
  });
});
