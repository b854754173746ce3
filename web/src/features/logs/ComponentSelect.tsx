import { SelectOption } from '@patternfly/react-core';
import { TypeaheadSelect, useTypeahead } from '../../components/Typeahead/index.js';
import type { LogComponent } from './logs-api.js';

export const NO_COMPONENT = 'None';

/** The value of the None option; component ids are never empty. */
const NONE = '';

export const componentLabel = (component: LogComponent) => component.title || component.name;

export interface ComponentSelectProps {
  components: LogComponent[] | undefined;
  isLoading: boolean;
  selectedId: string | undefined;
  onChange: (componentId: string | undefined) => void;
}

/** The components that have logs, searchable by name, with None first. */
export function ComponentSelect({ components, isLoading, selectedId, onChange }: ComponentSelectProps) {
  const typeahead = useTypeahead();
  const { typed, focused } = typeahead;
  const all = components ?? [];
  const needle = (typed ?? '').trim().toLowerCase();
  const found = needle
    ? all.filter((component) =>
        [component.name, component.title ?? ''].some((text) => text.toLowerCase().includes(needle)),
      )
    : all;
  const values = [NONE, ...found.map((component) => component.id)];
  const focusedValue = focused === undefined ? undefined : values[focused];
  const optionId = (value: string) => typeahead.optionId(value || 'none');

  const selected = all.find((component) => component.id === selectedId);
  // A link may name a component before the list has loaded (or one that no longer has logs).
  const chosenText = selectedId ? (selected ? componentLabel(selected) : isLoading ? '' : selectedId) : '';

  const choose = (value: string) => {
    typeahead.close();
    if ((value || undefined) !== selectedId) onChange(value || undefined);
    typeahead.focusInput();
  };

  const shownText = typed ?? chosenText;
  let status: string | undefined;
  if (isLoading) status = 'Loading...';
  else if (found.length === 0) status = needle ? `No results found for "${typed?.trim()}"` : undefined;

  return (
    <TypeaheadSelect
      {...typeahead.selectProps(values.length, (index) => choose(values[index]!))}
      label="Component"
      selected={selectedId ?? NONE}
      onSelect={choose}
      text={shownText}
      activeDescendant={focusedValue === undefined ? undefined : optionId(focusedValue)}
      placeholder="Select a component"
      isScrollable
      showClear={shownText !== ''}
      onClear={() => {
        typeahead.reset();
        if (selectedId) onChange(undefined);
      }}
      status={status}
    >
      <SelectOption
        id={optionId(NONE)}
        value={NONE}
        isFocused={focusedValue === NONE}
        isSelected={!selectedId}
      >
        {NO_COMPONENT}
      </SelectOption>
      {found.map((component) => (
        <SelectOption
          key={component.id}
          id={optionId(component.id)}
          value={component.id}
          isFocused={focusedValue === component.id}
          isSelected={component.id === selectedId}
          description={component.title && component.title !== component.name ? component.name : undefined}
        >
          {componentLabel(component)}
        </SelectOption>
      ))}
    </TypeaheadSelect>
  );
}
