import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ErrorBoundary, RouteErrorScreen } from './ErrorBoundary.js';

function Broken(): never {
  throw new Error('boom');
}

afterEach(() => jest.restoreAllMocks());

describe('ErrorBoundary', () => {
  it('shows the generic error screen instead of a page that throws while rendering', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <p>before</p>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Sorry.. there was an error.' })).toBeInTheDocument();
    expect(screen.queryByText('before')).not.toBeInTheDocument();
  });

  it('renders its children when nothing throws', () => {
    render(
      <ErrorBoundary>
        <p>fine</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeInTheDocument();
  });
});

describe('RouteErrorScreen', () => {
  it("is the routes' error element: a page that throws shows the generic error screen", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', Component: Broken, errorElement: <RouteErrorScreen /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Sorry.. there was an error.' })).toBeInTheDocument();
  });
});
