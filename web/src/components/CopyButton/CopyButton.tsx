import { useCallback, type ReactNode } from 'react';
import { Button, InputGroup, InputGroupItem, TextInput } from '@patternfly/react-core';
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

export interface CopyButtonProps {
  text: string;
  label?: string;
  copiedMessage?: ReactNode;
  /** 'control' beside an input (CopyableText), 'plain' elsewhere. */
  variant?: 'plain' | 'control';
}

export function CopyButton({
  text,
  label = 'Copy to clipboard',
  copiedMessage,
  variant = 'plain',
}: CopyButtonProps) {
  const copy = useCopyToClipboard();
  return (
    <Button
      variant={variant}
      aria-label={label}
      icon={<CopyIcon />}
      onClick={() => void copy(text, copiedMessage)}
    />
  );
}

export interface CopyableTextProps {
  /** The input's id, for a FormGroup's label. */
  id?: string;
  /** The input's accessible name where no label names it. */
  ariaLabel?: string;
  value: string;
  copyLabel: string;
  copiedMessage?: ReactNode;
}

/** A value to hand on (a link, a token): read-only, selectable, with a copy button beside it. */
export function CopyableText({ id, ariaLabel, value, copyLabel, copiedMessage }: CopyableTextProps) {
  return (
    <InputGroup>
      <InputGroupItem isFill>
        <TextInput id={id} aria-label={ariaLabel} value={value} readOnlyVariant="default" />
      </InputGroupItem>
      <InputGroupItem>
        <CopyButton text={value} label={copyLabel} copiedMessage={copiedMessage} variant="control" />
      </InputGroupItem>
    </InputGroup>
  );
}
