import { jest } from '@jest/globals';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/fetch.js';
import { ToastProvider, useToast, type Toaster } from './Toasts.js';

function renderToasts(): Toaster {
  let toaster: Toaster | undefined;
  function Probe() {
    toaster = useToast();
    return <p>page</p>;
  }
  render(
    <ToastProvider>
      <Probe />
    </ToastProvider>,
  );
  expect(screen.getByText('page')).toBeInTheDocument();
  return toaster!;
}

describe('toasts', () => {
  it('shows success, info and error toasts in a live region', () => {
    const toast = renderToasts();
    act(() => {
      toast.success('Agent created');
      toast.info('Run queued');
      toast.error(new ApiError('Agent name is taken', { status: 409 }));
    });
    expect(screen.getByText('Agent created')).toBeVisible();
    expect(screen.getByText('Run queued')).toBeVisible();
    expect(screen.getByText('Agent name is taken')).toBeVisible();
    expect(screen.getByText('Agent name is taken').closest('.pf-v6-c-alert')).toHaveTextContent(
      /Danger alert/,
    );
    expect(screen.getByText('Agent created').closest('.pf-v6-c-alert')).toHaveTextContent(/Success alert/);
    expect(screen.getByText('Agent created').closest('[aria-live="polite"]')).toBeInTheDocument();
  });

  it.each<[unknown, string]>([
    [new Error('Request failed'), 'Request failed'],
    [{ message: 'permission denied' }, 'permission denied'],
    [undefined, 'An error occurred'],
    [{}, 'An error occurred'],
  ])('error(%p) shows %p', (error, text) => {
    const toast = renderToasts();
    act(() => toast.error(error));
    expect(screen.getByText(text)).toBeVisible();
  });

  it('closes by its close button', async () => {
    const toast = renderToasts();
    act(() => toast.success('Agent updated'));
    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Agent updated')).not.toBeInTheDocument();
  });

  describe('with fake timers', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('closes each toast 5000 ms after it appeared', () => {
      const toast = renderToasts();
      act(() => toast.success('Agent deleted'));
      act(() => jest.advanceTimersByTime(3000));
      act(() => toast.error('Failed to copy to clipboard'));

      act(() => jest.advanceTimersByTime(1999));
      expect(screen.getByText('Agent deleted')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.queryByText('Agent deleted')).not.toBeInTheDocument();
      expect(screen.getByText('Failed to copy to clipboard')).toBeInTheDocument();

      act(() => jest.advanceTimersByTime(3000));
      expect(screen.queryByText('Failed to copy to clipboard')).not.toBeInTheDocument();
    });
  });

  it('needs a provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useToast())).toThrow(/ToastProvider/);
    jest.restoreAllMocks();
  });
});
