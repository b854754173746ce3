import { useEffect, useState } from 'react';
import { SearchInput } from '@patternfly/react-core';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import { LOG_SEARCH_DEBOUNCE_MS } from './logs-params.js';

export interface LogSearchInputProps {
  /** The applied text (from the URL). */
  value: string;
  onChange: (value: string) => void;
}

/** The search box: what is typed applies once typing pauses (spec 2 §9), or at once on Enter and on clear. */
export function LogSearchInput({ value, onChange }: LogSearchInputProps) {
  const [draft, setDraft] = useState(value);
  const settled = useDebouncedValue(draft, LOG_SEARCH_DEBOUNCE_MS);

  // A text changed elsewhere (back, a link) replaces what was typed.
  useEffect(() => setDraft(value), [value]);

  useEffect(() => {
    if (settled.trim() !== value) onChange(settled.trim());
    // Only a settled draft applies; a new URL value is taken in by the effect above.
  }, [settled]);

  return (
    <SearchInput
      aria-label="Search logs"
      placeholder="Search"
      value={draft}
      onChange={(_event, text) => setDraft(text)}
      onSearch={(_event, text) => onChange(text.trim())}
      onClear={() => {
        setDraft('');
        onChange('');
      }}
    />
  );
}
