import { useCallback, type ReactNode } from 'react';
import { Button } from '@patternfly/react-core';
import { CopyIcon } from '@patternfly/react-icons';
import { copyToClipboard } from '../../lib/clipboard.js';
import { useToast } from '../Toasts/index.js';

/**
 * Copies text and says how it went in a toast. `copiedMessage` replaces 'Copied to clipboard'
 * where a screen words it differently ('Link copied to clipboard').
 */
export function useCopyToClipboard(): (text: string, copiedMessage?: ReactNode) => Promise<void> {
  const toast = useToast();
  return useCallback(
    async (text: string, copiedMessage: ReactNode = 'Copied to clipboard') => {
      const outcome = await copyToClipboard(text);
      if (outcome === 'copied') toast.success(copiedMessage);
      else toast.error(outcome === 'unavailable' ? 'Clipboard not available' : 'Failed to copy to clipboard');
    },
    [toast],
  );
}

export function CopyButton({ text, label = 'Copy to clipboard' }: { text: string; label?: string }) {
  const copy = useCopyToClipboard();
  return <Button variant="plain" aria-label={label} icon={<CopyIcon />} onClick={() => void copy(text)} />;
}
