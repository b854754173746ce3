import { jest } from '@jest/globals';
import { copyToClipboard } from './clipboard.js';

function setClipboard(clipboard: unknown) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

afterEach(() => {
  delete (navigator as { clipboard?: unknown }).clipboard;
});

describe('copyToClipboard', () => {
  it('copies the text', async () => {
    const writeText = jest.fn((_text: string) => Promise.resolve());
    setClipboard({ writeText });
    await expect(copyToClipboard('kubectl get canaries -A')).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith('kubectl get canaries -A');
  });

  it('says the clipboard is unavailable where the browser has none', async () => {
    setClipboard(undefined);
    await expect(copyToClipboard('x')).resolves.toBe('unavailable');
  });

  it('says copying failed when the browser refuses', async () => {
    setClipboard({
      writeText: () => Promise.reject(new DOMException('Document is not focused.', 'NotAllowedError')),
    });
    await expect(copyToClipboard('x')).resolves.toBe('failed');
  });
});
