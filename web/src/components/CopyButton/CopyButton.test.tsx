import { jest } from '@jest/globals';
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '../Toasts/index.js';
import { CopyButton, useCopyToClipboard } from './CopyButton.js';

const writeText = jest.fn((_text: string) => Promise.resolve());

function setClipboard(clipboard: unknown) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

function renderInShell(ui: ReactNode) {
  const user = userEvent.setup();
  setClipboard({ writeText }); // after setup(), which installs its own clipboard stub
  render(<ToastProvider>{ui}</ToastProvider>);
  return user;
}

afterEach(() => writeText.mockReset());

describe('CopyButton', () => {
  it('copies its text and says so', async () => {
    const user = renderInShell(<CopyButton text="agent-token-123" />);
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    expect(writeText).toHaveBeenCalledWith('agent-token-123');
    expect(await screen.findByText('Copied to clipboard')).toBeVisible();
  });

  it('takes a label for its accessible name', () => {
    renderInShell(<CopyButton text="x" label="Copy access token" />);
    expect(screen.getByRole('button', { name: 'Copy access token' })).toBeInTheDocument();
  });

  it('says when the clipboard is not available', async () => {
    const user = renderInShell(<CopyButton text="x" />);
    setClipboard(undefined);
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    expect(await screen.findByText('Clipboard not available')).toBeVisible();
  });

  it('says when copying failed', async () => {
    const user = renderInShell(<CopyButton text="x" />);
    writeText.mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    expect(await screen.findByText('Failed to copy to clipboard')).toBeVisible();
  });
});

describe('useCopyToClipboard', () => {
  function CopyLink() {
    const copy = useCopyToClipboard();
    return (
      <button onClick={() => void copy('https://ops.example.com/catalog/1', 'Link copied to clipboard')}>
        Share
      </button>
    );
  }

  it('can word the success toast for the screen', async () => {
    const user = renderInShell(<CopyLink />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith('https://ops.example.com/catalog/1');
    expect(await screen.findByText('Link copied to clipboard')).toBeVisible();
  });
});
