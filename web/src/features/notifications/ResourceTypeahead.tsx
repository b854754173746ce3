import { SelectOption } from '@patternfly/react-core';
import { TypeaheadSelect, useTypeahead } from '../../components/Typeahead/index.js';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import { useResourceSearch, type Choice } from './notifications-api.js';
import type { SilenceKind } from './notification-options.js';

/** Spec 2 §9: server-fetched option lists wait 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

/** The list stays inside the dialog the field is in (see TypeaheadSelect's popperProps). */
const INLINE = { appendTo: 'inline' } as const;

export interface ResourceTypeaheadProps {
  kind: SilenceKind;
  /** The search box's accessible name. */
  label: string;
  selectedId: string;
  selectedName: string;
  onChange: (resource: Choice | null) => void;
  inputId?: string;
  describedBy?: string;
  isInvalid?: boolean;
  isDisabled?: boolean;
}

/**
 * A catalog item, component or check, searched by name on the server as one types; pick with the
 * mouse or the arrows and Enter.
 */
export function ResourceTypeahead({
  kind,
  label,
  selectedId,
  selectedName,
  onChange,
  inputId,
  describedBy,
  isInvalid = false,
  isDisabled = false,
}: ResourceTypeaheadProps) {
  const typeahead = useTypeahead();
  const { isOpen, typed, focused, optionId } = typeahead;
  const query = useDebouncedValue((typed ?? '').trim(), SEARCH_DEBOUNCE_MS);
  const search = useResourceSearch(kind, isOpen ? query : null);
  const found = search.data ?? [];
  const focusedValue = focused === undefined ? undefined : found[focused]?.id;

  const choose = (id: string) => {
    const resource = found.find((candidate) => candidate.id === id) ?? null;
    typeahead.close();
    if (resource && resource.id !== selectedId) onChange(resource);
    typeahead.focusInput();
  };

  const shownText = typed ?? (selectedId ? selectedName || selectedId : '');
  let status: string | undefined;
  if (search.error) status = search.error.message;
  else if (!search.data) status = 'Loading...';
  else if (found.length === 0) status = query ? `No results found for "${query}"` : 'No options found';

  return (
    <TypeaheadSelect
      {...typeahead.selectProps(found.length, (index) => choose(found[index]!.id))}
      label={label}
      inputId={inputId}
      describedBy={describedBy}
      isInvalid={isInvalid}
      selected={selectedId || undefined}
      onSelect={choose}
      text={shownText}
      activeDescendant={focusedValue && optionId(focusedValue)}
      placeholder="Search by name"
      isDisabled={isDisabled}
      isScrollable
      popperProps={INLINE}
      showClear={shownText !== '' && !isDisabled}
      onClear={() => {
        typeahead.reset();
        if (selectedId) onChange(null);
      }}
      status={status}
    >
      {found.map((resource) => (
        <SelectOption
          key={resource.id}
          id={optionId(resource.id)}
          value={resource.id}
          description={resource.type ?? undefined}
          isFocused={focusedValue === resource.id}
          isSelected={resource.id === selectedId}
        >
          {resource.name}
        </SelectOption>
      ))}
    </TypeaheadSelect>
  );
}
