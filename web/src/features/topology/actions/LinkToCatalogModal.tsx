import { useState } from 'react';
import { FormField, FormModal } from '../../../components/Form/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { useComponentLinksChanged } from '../panel/use-component-links.js';
import type { TopologyComponent } from '../types.js';
import { CatalogTypeahead } from './CatalogTypeahead.js';
import { LINKED, linkToCatalog, type CatalogChoice } from './component-actions.js';

export interface LinkToCatalogModalProps {
  component: TopologyComponent;
  onClose: () => void;
}

/**
 * Link to catalog (spec 3 §2.2): a catalog item linked to the component by hand. Link stays
 * disabled until an item is chosen and reads "Linking.." while it is sent; a refusal shows the
 * server's message and leaves the dialog open.
 */
export function LinkToCatalogModal({ component, onClose }: LinkToCatalogModalProps) {
  const toast = useToast();
  const linksChanged = useComponentLinksChanged();
  const [chosen, setChosen] = useState<CatalogChoice>();

  const link = async () => {
    if (!chosen) return;
    await linkToCatalog(component.id, chosen.id);
    toast.success(LINKED);
    await linksChanged(component.id);
    onClose();
  };

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
            <CatalogTypeahead
              value={chosen}
              onChange={setChosen}
              inputId={input.id}
              describedBy={input['aria-describedby']}
              isDisabled={busy}
            />
          )}
        </FormField>
      )}
    </FormModal>
  );
}
