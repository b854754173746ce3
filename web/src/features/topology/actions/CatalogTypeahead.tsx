import { SelectOption } from '@patternfly/react-core';
import { useDbQuery } from '../../../api/index.js';
import { TypeaheadSelect, useTypeahead } from '../../../components/Typeahead/index.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import {
  CATALOG_SEARCH_DEBOUNCE_MS,
  catalogSearchKey,
  searchCatalog,
  type CatalogChoice,
} from './component-actions.js';

export interface CatalogTypeaheadProps {
  value: CatalogChoice | undefined;
  onChange: (choice: CatalogChoice | undefined) => void;
  inputId?: string;
  describedBy?: string;
  isDisabled?: boolean;
}

export const catalogChoiceLabel = (choice: CatalogChoice) =>
  choice.type ? `${choice.name} (${choice.type})` : choice.name;

/**
 * A catalog item picked by name: at most 50 live items, searched 1000 ms after the last key
 * (spec 3 §2.2). Its own component, so that typing re-renders the list and not the dialog around
 * it (a PatternFly modal hides the page's other layers, the list's among them, when it renders).
 */
export function CatalogTypeahead({
  value,
  onChange,
  inputId,
  describedBy,
  isDisabled,
}: CatalogTypeaheadProps) {
  const typeahead = useTypeahead();
  const { isOpen, typed, focused, optionId } = typeahead;
  const search = useDebouncedValue((typed ?? '').trim(), CATALOG_SEARCH_DEBOUNCE_MS);
  const results = useDbQuery<CatalogChoice[]>(
    isOpen ? catalogSearchKey(search) : null,
    () => searchCatalog(search),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  const choices = results.data ?? [];
  const focusedChoice = focused === undefined ? undefined : choices[focused];

  const choose = (choice: CatalogChoice | undefined) => {
    if (!choice) return;
    typeahead.close();
    onChange(choice);
    typeahead.focusInput();
  };

  const shownText = typed ?? (value ? catalogChoiceLabel(value) : '');
  let status: string | undefined;
  if (results.error) status = results.error.message;
  else if (!results.data) status = 'Loading...';
  else if (choices.length === 0) status = 'No result';

  return (
    <TypeaheadSelect
      {...typeahead.selectProps(choices.length, (index) => choose(choices[index]))}
      label="Catalog item"
      selected={value?.id}
      onSelect={(id) => choose(choices.find((choice) => choice.id === id))}
      text={shownText}
      activeDescendant={focusedChoice && optionId(focusedChoice.id)}
      inputId={inputId}
      describedBy={describedBy}
      placeholder="Search the catalog"
      isDisabled={isDisabled}
      isScrollable
      showClear={shownText !== '' && !isDisabled}
      onClear={() => {
        typeahead.reset();
        onChange(undefined);
      }}
      status={status}
    >
      {choices.map((choice) => (
        <SelectOption
          key={choice.id}
          id={optionId(choice.id)}
          value={choice.id}
          isFocused={focusedChoice?.id === choice.id}
          isSelected={value?.id === choice.id}
          description={choice.config_class ?? undefined}
        >
          {catalogChoiceLabel(choice)}
        </SelectOption>
      ))}
    </TypeaheadSelect>
  );
}
