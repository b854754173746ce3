import { useEffect, useState } from 'react';
import { SearchInput } from '@patternfly/react-core';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';

/** How long typing must pause before a text filter applies. */
export const TEXT_FILTER_DEBOUNCE_MS = 400;

export interface TextFilterInputProps {
  label: string;
  /** The applied value (from the URL). */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}

/** A text filter that applies once typing pauses, or at once on Enter and on clear. */
export function TextFilterInput({ label, value, onChange }: TextFilterInputProps) {
  const [draft, setDraft] = useState(value ?? '');
  const settled = useDebouncedValue(draft, TEXT_FILTER_DEBOUNCE_MS);

  // A value changed elsewhere (Clear filters, a link) replaces what was typed.
  useEffect(() => setDraft(value ?? ''), [value]);

  useEffect(() => {
    const next = settled.trim() || undefined;
    if (next !== (value ?? undefined)) onChange(next);
    // Only a settled draft applies; a new URL value is taken in by the effect above.
  }, [settled]);

  return (
    <SearchInput
      aria-label={label}
      placeholder={label}
      value={draft}
      onChange={(_event, text) => setDraft(text)}
      onClear={() => {
        setDraft('');
        onChange(undefined);
      }}
    />
  );
}
