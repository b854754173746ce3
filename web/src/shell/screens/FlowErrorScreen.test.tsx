import { screen, waitFor } from '@testing-library/react';
import { fakeApiPerTest, renderConsole } from '../test-support.js';

const page = fakeApiPerTest();

describe('FlowErrorScreen', () => {
  it('fetches the flow error and shows its details with a Go back link', async () => {
    page.api.reply('GET api/auth/errors/e-1', {
      status: 200,
      body: { id: 'e-1', error: { code: 500, message: 'state mismatch' } },
    });
    renderConsole('/error?id=e-1');
    expect(await screen.findByRole('heading', { name: 'An error occurred' })).toBeInTheDocument();
    expect(screen.getByText(/"message": "state mismatch"/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
    expect(page.api.requests).toContainEqual({ method: 'GET', path: 'api/auth/errors/e-1' });
  });

  it.each([404, 403, 410])('goes home when the flow error answers %i', async (status) => {
    page.api.reply('GET api/auth/errors/gone', { status, body: { message: 'gone' } });
    const { router } = renderConsole('/error?id=gone');
    await waitFor(() => expect(router.state.location.pathname).toBe('/topology'));
    expect(screen.queryByRole('heading', { name: 'An error occurred' })).not.toBeInTheDocument();
  });

  it('shows what went wrong when the lookup fails otherwise', async () => {
    page.api.reply('GET api/auth/errors/e-2', {
      status: 500,
      body: { message: 'identity provider unreachable' },
    });
    renderConsole('/error?id=e-2');
    expect(await screen.findByRole('heading', { name: 'An error occurred' })).toBeInTheDocument();
    expect(screen.getByText('identity provider unreachable')).toBeInTheDocument();
  });
});
