import { jest } from '@jest/globals';
import { useState, type ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { Button } from '@patternfly/react-core';
import { ToastProvider } from '../components/Toasts/index.js';
import { PageHeader, PageHeaderProvider } from './page-header.js';
import { fakeApiPerTest, FreshSwr, whoamiAs } from './test-support.js';
import { TopBar } from './TopBar.js';

const page = fakeApiPerTest();

function ChecksPage({ onRefresh }: { onRefresh: () => void }) {
  const [refreshing, setRefreshing] = useState(false);
  return (
    <PageHeader
      title="Checks"
      actions={<Button variant="secondary">Add check</Button>}
      onRefresh={() => {
        setRefreshing(true);
        onRefresh();
      }}
      isRefreshing={refreshing}
    />
  );
}

function renderTopBar(page: ReactElement, onToggleSidebar = jest.fn()) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <PageHeaderProvider>
          <TopBar sidebarCollapsed={false} onToggleSidebar={onToggleSidebar} />
          <Outlet />
        </PageHeaderProvider>
      ),
      handle: { title: 'Fallback title' },
      children: [{ index: true, element: page }],
    },
  ]);
  render(
    <FreshSwr>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </FreshSwr>,
  );
  return router;
}

describe('TopBar', () => {
  it("shows the page's title, its actions and a refresh button that spins while refreshing", async () => {
    const onRefresh = jest.fn();
    renderTopBar(<ChecksPage onRefresh={onRefresh} />);
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('heading', { name: 'Checks', level: 1 })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Add check' })).toBeInTheDocument();
    expect(document.title).toBe('Checks · Ops Console');

    const refresh = within(banner).getByRole('button', { name: 'Refresh' });
    expect(refresh.querySelector('svg')).not.toHaveClass('ops-spin');
    await userEvent.click(refresh);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(within(banner).getByRole('button', { name: 'Refresh' }).querySelector('svg')).toHaveClass(
      'ops-spin',
    );
  });

  it("falls back to the route's title and shows no refresh button when the page declares nothing", async () => {
    renderTopBar(<p>plain page</p>);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('heading', { name: 'Fallback title', level: 1 })).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
  });

  it('links the brand home and the bell to /notifications', async () => {
    renderTopBar(<p>plain page</p>);
    expect(screen.getByRole('link', { name: 'Ops Console home' })).toHaveAttribute('href', '/');
    expect(await screen.findByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('hides the bell when notifications are disabled', async () => {
    page.api.reply('GET api/auth/whoami', {
      status: 200,
      body: whoamiAs('admin', { disabled: ['settings.notifications'] }),
    });
    renderTopBar(<p>plain page</p>);
    expect(await screen.findByRole('button', { name: /Jane Doe/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('offers the docs in a new tab from the help menu', async () => {
    renderTopBar(<p>plain page</p>);
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    const docs = screen.getByRole('menuitem', { name: /Docs/ });
    expect(docs).toHaveAttribute('href', 'https://docs.flanksource.com');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(docs.getAttribute('rel')).toContain('noopener');
  });

  it('toggles the sidebar', async () => {
    const onToggle = jest.fn();
    renderTopBar(<p>plain page</p>, onToggle);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(onToggle).toHaveBeenCalledTimes(1);
  });
});
