import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation, useNavigationType } from 'react-router';
import { TabLinks, type TabLink } from './TabLinks.js';

const TABS: TabLink[] = [
  { key: 'all', title: 'All', to: { search: '' } },
  { key: 'prod', title: 'prod', to: { search: 'tab=prod' } },
  { key: 'dev', title: 'dev', to: { search: 'tab=dev' } },
];

function Page({ replace, vertical }: { replace?: boolean; vertical?: boolean }) {
  const { search } = useLocation();
  const active = new URLSearchParams(search).get('tab') ?? 'all';
  return (
    <>
      <TabLinks
        tabs={TABS}
        active={active}
        label="Check tabs"
        panelId="panel"
        tabId={(key) => `tab-${key}`}
        replace={replace}
        vertical={vertical}
      />
      <div id="panel" role="tabpanel" aria-labelledby={`tab-${active}`}>
        {search || 'no query'}
      </div>
      <output aria-label="navigation">{useNavigationType()}</output>
    </>
  );
}

function renderTabs(url = '/health', { replace, vertical }: { replace?: boolean; vertical?: boolean } = {}) {
  const router = createMemoryRouter(
    [{ path: '/health', element: <Page replace={replace} vertical={vertical} /> }],
    {
      initialEntries: [url],
      basename: '/',
    },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('TabLinks', () => {
  it('is a named tab list whose current tab labels the panel it controls', () => {
    renderTabs('/health?tab=prod');
    expect(screen.getByRole('tablist', { name: 'Check tabs' })).toHaveAttribute(
      'aria-orientation',
      'horizontal',
    );
    expect(tab('prod')).toHaveAttribute('aria-selected', 'true');
    expect(tab('All')).toHaveAttribute('aria-selected', 'false');
    expect(tab('prod')).toHaveAttribute('aria-controls', 'panel');
    expect(screen.getByRole('tabpanel', { name: 'prod' })).toHaveTextContent('?tab=prod');
    // Only the current tab is in the page's tab order; the arrows reach the others.
    expect(tab('prod')).toHaveAttribute('tabindex', '0');
    expect(tab('dev')).toHaveAttribute('tabindex', '-1');
  });

  it('makes each tab a link to its address, which a plain click opens in place', async () => {
    const user = userEvent.setup();
    const router = renderTabs();
    expect(tab('dev')).toHaveAttribute('href', '/health?tab=dev');
    await user.click(tab('dev'));
    expect(router.state.location.search).toBe('?tab=dev');
    expect(tab('dev')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('status', { name: 'navigation' })).toHaveTextContent('PUSH');
  });

  it('replaces the history entry when asked to', async () => {
    const user = userEvent.setup();
    renderTabs('/health', { replace: true });
    await user.click(tab('prod'));
    expect(tab('prod')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('status', { name: 'navigation' })).toHaveTextContent('REPLACE');
  });

  it('moves focus with the arrows, Home and End, and opens the focused tab with Space', async () => {
    const user = userEvent.setup();
    const router = renderTabs();
    tab('All').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('prod')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab('dev')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('All')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Home}{ArrowDown}');
    expect(tab('prod')).toHaveFocus();
    // Moving focus opens nothing: the tab that is open stays so until one is chosen.
    expect(router.state.location.search).toBe('');
    await user.keyboard(' ');
    expect(router.state.location.search).toBe('?tab=prod');
  });

  it('draws a vertical list when asked to', () => {
    renderTabs('/health', { vertical: true });
    expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
    expect(screen.getByRole('tablist').parentElement).toHaveClass('pf-m-vertical');
  });
});
