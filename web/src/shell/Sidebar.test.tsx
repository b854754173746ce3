import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderConsole, SPEC_SETTINGS_NAV, whoamiAs } from './test-support.js';
import { SIDEBAR_STORAGE_KEY } from './use-sidebar-state.js';

const page = fakeApiPerTest();
beforeEach(() => {
  localStorage.clear();
  window.innerWidth = 1280;
});

const nav = () => screen.findByRole('navigation', { name: 'Console' });

describe('Sidebar', () => {
  it('links every area and marks the current one', async () => {
    const { router } = renderConsole('/logs');
    const links = within(await nav()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Topology',
      'Health',
      'Incidents',
      'Catalog',
      'Playbooks',
      'Notifications',
      'Logs',
    ]);
    expect(within(await nav()).getByRole('link', { name: 'Logs' })).toHaveAttribute('aria-current', 'page');
    expect(within(await nav()).getByRole('link', { name: 'Topology' })).not.toHaveAttribute('aria-current');

    await userEvent.click(within(await nav()).getByRole('link', { name: 'Incidents' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Console' })).getByRole('link', { name: 'Incidents' }),
      ).toHaveAttribute('aria-current', 'page'),
    );
  });

  it('opens the Settings group on a settings page, its items sorted by name', async () => {
    renderConsole('/settings/jobs');
    const settings = within(await nav()).getByRole('button', { name: 'Settings' });
    expect(settings).toHaveAttribute('aria-expanded', 'true');
    const group = within(settings.closest('li')!);
    expect(group.getAllByRole('link').map((link) => link.textContent)).toEqual(SPEC_SETTINGS_NAV);
    expect(within(await nav()).getByRole('link', { name: 'Jobs History' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('has no Settings group for a viewer', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    renderConsole('/logs');
    expect(within(await nav()).getByRole('link', { name: 'Health' })).toBeInTheDocument();
    expect(within(await nav()).queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
    expect(within(await nav()).queryByRole('link', { name: 'Agents' })).not.toBeInTheDocument();
  });

  it('collapses to an icon rail whose links keep their names, and stays collapsed after a reload', async () => {
    const { unmount } = renderConsole('/logs');
    await userEvent.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('ops-sidebar')).toHaveClass('ops-sidebar--collapsed');
    expect(within(await nav()).getByRole('link', { name: 'Health' })).toBeInTheDocument();
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('true');
    unmount();

    renderConsole('/logs');
    expect(await screen.findByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    expect(document.getElementById('ops-sidebar')).toHaveClass('ops-sidebar--collapsed');
    await userEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(document.getElementById('ops-sidebar')).not.toHaveClass('ops-sidebar--collapsed');
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('false');
  });

  it('collapses on a click outside it when the window is narrower than 1024 px', async () => {
    window.innerWidth = 800;
    renderConsole('/settings/properties/row-1');
    fireEvent.click(await nav());
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();

    fireEvent.click(await screen.findByText('This part of the console is not built yet.'));
    expect(await screen.findByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('true');
  });

  it('stays open on a click outside it in a wide window', async () => {
    renderConsole('/settings/properties/row-1');
    fireEvent.click(await screen.findByText('This part of the console is not built yet.'));
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
  });
});
