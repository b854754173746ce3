import { useId } from 'react';
import { SelectOption } from '@patternfly/react-core';
import { TypeaheadSelect, useTypeahead } from '../../../components/Typeahead/index.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import {
  RESOURCE_SEARCH_DEBOUNCE_MS,
  useResourceSearch,
  type ChosenResource,
  type ResourceKind,
  type KindSelectors,
} from './run-dialog-api.js';

/** Spec 1 §2: the selector's texts. */
export const START_TYPING = 'Start typing to search';
export const NO_OPTIONS = 'No options found';

const KIND_LABELS: Record<ResourceKind, string> = {
  config: 'Config',
  component: 'Component',
  check: 'Check',
};

export interface ResourceTypeaheadProps {
  /** The search box's accessible name. */
  label: string;
  /** The kinds searched; each option says its kind when there are several. */
  kinds: readonly ResourceKind[];
  value: ChosenResource | undefined;
  onChange: (resource: ChosenResource | undefined) => void;
  /** A resource parameter's selector, sent with the search. */
  filter?: unknown;
  /** The playbook's selectors by kind: the search keeps within them. */
  selectors?: KindSelectors;
  id?: string;
  'aria-describedby'?: string;
  isInvalid?: boolean;
  placeholder?: string;
}

const optionKey = (resource: ChosenResource) => `${resource.kind}:${resource.id}`;

/**
 * A typeahead over the server's resource search (POST /api/resources/search, 300 ms after the
 * last key): 'Start typing to search' until something is typed, 'No options found' when nothing
 * matches. Pick with the mouse or the arrows and Enter.
 */
export function ResourceTypeahead({
  label,
  kinds,
  value,
  onChange,
  filter,
  selectors,
  id,
  'aria-describedby': describedBy,
  isInvalid = false,
  placeholder = START_TYPING,
}: ResourceTypeaheadProps) {
  const idPrefix = useId();
  const inputId = id ?? `${idPrefix}-input`;
  const typeahead = useTypeahead();
  const { isOpen, typed, focused, optionId } = typeahead;

  const term = useDebouncedValue((typed ?? '').trim(), RESOURCE_SEARCH_DEBOUNCE_MS);
  const search = useResourceSearch(isOpen && term !== '' ? term : null, kinds, filter, selectors);
  const found = term === '' ? [] : (search.data ?? []);
  const focusedResource = focused === undefined ? undefined : found[focused];

  const choose = (resource: ChosenResource) => {
    typeahead.close();
    if (!value || optionKey(value) !== optionKey(resource)) onChange(resource);
    typeahead.focusInput();
  };

  const clear = () => {
    typeahead.reset();
    if (value) onChange(undefined);
  };

  const shownText = typed ?? value?.name ?? '';
  let status: string | undefined;
  if ((typed ?? '').trim() === '') status = START_TYPING;
  else if (search.error) status = search.error.message;
  else if (term !== (typed ?? '').trim() || (!search.data && search.isLoading)) status = 'Searching...';
  else if (found.length === 0) status = NO_OPTIONS;

  return (
    <TypeaheadSelect
      {...typeahead.selectProps(found.length, (index) => choose(found[index]!))}
      label={label}
      selected={value ? optionKey(value) : undefined}
      onSelect={(key) => {
        const resource = found.find((candidate) => optionKey(candidate) === key);
        if (resource) choose(resource);
      }}
      text={shownText}
      activeDescendant={focusedResource && optionId(optionKey(focusedResource))}
      inputId={inputId}
      placeholder={placeholder}
      describedBy={describedBy}
      isInvalid={isInvalid}
      isScrollable
      showClear={shownText !== ''}
      onClear={clear}
      status={status}
    >
      {found.map((resource) => {
        const key = optionKey(resource);
        const kind = kinds.length > 1 ? KIND_LABELS[resource.kind] : undefined;
        const description = [kind, resource.type].filter(Boolean).join(' · ');
        return (
          <SelectOption
            key={key}
            id={optionId(key)}
            value={key}
            isFocused={focusedResource !== undefined && optionKey(focusedResource) === key}
            isSelected={value !== undefined && optionKey(value) === key}
            description={description || undefined}
          >
            {resource.name}
          </SelectOption>
        );
      })}
    </TypeaheadSelect>
  );
}
