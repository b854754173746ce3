import { useState } from 'react';
import { SelectOption } from '@patternfly/react-core';
import { useDbQuery } from '../../../api/index.js';
import { FormField, FormModal } from '../../../components/Form/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { TypeaheadSelect, useTypeahead } from '../../../components/Typeahead/index.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { useComponentLinksChanged } from '../panel/use-component-links.js';
import type { TopologyComponent } from '../types.js';
import {
  CATALOG_SEARCH_DEBOUNCE_MS,
  catalogSearchKey,
  LINKED,
  linkToCatalog,
  searchCatalog,
  type CatalogChoice,
} from './component-actions.js';

export interface LinkToCatalogModalProps {
  component: TopologyComponent;
  onClose: () => void;
}

const choiceLabel = (choice: CatalogChoice) =>
  choice.type ? `${choice.name} (${choice.type})` : choice.name;

/**
 * Link to catalog (spec 3 §2.2): a catalog item found by name (at most 50, searched 1000 ms after
 * the last key) linked to the component by hand. Link stays disabled until an item is chosen and
 * reads "Linking.." while it is sent; a refusal shows the server's message.
 */
export function LinkToCatalogModal({ component, onClose }: LinkToCatalogModalProps) {
  const toast = useToast();
  const linksChanged = useComponentLinksChanged();
  const typeahead = useTypeahead();
  const [chosen, setChosen] = useState<CatalogChoice>();
  const search = useDebouncedValue(typeahead.typed ?? '', CATALOG_SEARCH_DEBOUNCE_MS);
  const results = useDbQuery<CatalogChoice[]>(
    typeahead.isOpen ? catalogSearchKey(search) : null,
    () => searchCatalog(search),
    {
      revalidateOnFocus: false,
      keepPreviousData: true,
    },
  );
  const choices = results.data ?? [];

  const pick = (choice: CatalogChoice | undefined) => {
    if (!choice) return;
    setChosen(choice);
    typeahead.close();
  };

  const link = async () => {
    if (!chosen) return;
    await linkToCatalog(component.id, chosen.id);
    toast.success(LINKED);
    await linksChanged(component.id);
    onClose();
  };

  let status: string | undefined;
  if (results.error) status = results.error.message;
  else if (results.isLoading || !results.data) status = 'Loading...';
  else if (choices.length === 0) status = 'No result';

  return (
    <FormModal
      title={`Link ${component.title || component.name} to a catalog item`}
      submitLabel="Link"
      busyLabel="Linking.."
      canSubmit={chosen !== undefined}
      onSubmit={link}
      onClose={onClose}
    >
      {(busy) => (
        <FormField label="Catalog item" isRequired>
          {(input) => (
            <TypeaheadSelect
              label="Catalog item"
              inputId={input.id}
              describedBy={input['aria-describedby']}
              placeholder="Search the catalog"
              {...typeahead.selectProps(choices.length, (index) => pick(choices[index]))}
              selected={chosen?.id}
              onSelect={(id) => pick(choices.find((choice) => choice.id === id))}
              text={typeahead.typed ?? (chosen ? choiceLabel(chosen) : '')}
              activeDescendant={
                typeahead.focused !== undefined && choices[typeahead.focused]
                  ? typeahead.optionId(choices[typeahead.focused]!.id)
                  : undefined
              }
              isDisabled={busy}
              isScrollable
              showClear={chosen !== undefined || (typeahead.typed ?? '') !== ''}
              onClear={() => {
                setChosen(undefined);
                typeahead.reset();
              }}
              status={status}
            >
              {choices.map((choice, index) => (
                <SelectOption
                  key={choice.id}
                  id={typeahead.optionId(choice.id)}
                  value={choice.id}
                  isFocused={typeahead.focused === index}
                  description={choice.config_class ?? undefined}
                >
                  {choiceLabel(choice)}
                </SelectOption>
              ))}
            </TypeaheadSelect>
          )}
        </FormField>
      )}
    </FormModal>
  );
}
