import { Suspense, lazy, useState } from 'react';
import type { ScraperEditorPlace } from './catalog-scraper-editor.js';
import { ScraperTypePicker } from './ScraperTypePicker.js';
import type { ScraperType } from './scraper-types.js';

interface AddScraperDialogProps {
  type: ScraperType;
  place: ScraperEditorPlace;
  onClose: () => void;
  onCreated?: () => void;
}

// The editor (and CodeMirror) loads when a type is chosen, not with the list.
const AddScraperDialog = lazy(async () => {
  const [{ AddResourceModal }, { scraperKindOf }] = await Promise.all([
    import('../../spec-editor/index.js'),
    import('./catalog-scraper-editor.js'),
  ]);
  return {
    default: ({ type, place, onClose, onCreated }: AddScraperDialogProps) => {
      const kind = scraperKindOf(place);
      return (
        <AddResourceModal
          kind={{ ...kind, title: `${type.label} ${kind.title}` }}
          initialSpec={type.spec}
          onClose={onClose}
          onCreated={onCreated}
        />
      );
    },
  };
});

export interface AddScraperFlowProps {
  /** Where the saved scraper opens: under /catalog/scrapers or /settings/config_scrapers. */
  place?: ScraperEditorPlace;
  onClose: () => void;
  /** Told of the creation in place of opening the new scraper's page. */
  onCreated?: () => void;
}

/**
 * Adding a catalog scraper (spec 3 §2.3, the separate creation flow of config scrapers): the type
 * picker, then the editor with the chosen type's starting spec.
 */
export function AddScraperFlow({ place = 'catalog', onClose, onCreated }: AddScraperFlowProps) {
  const [type, setType] = useState<ScraperType>();
  if (!type) return <ScraperTypePicker onPick={setType} onClose={onClose} />;
  return (
    <Suspense fallback={null}>
      <AddScraperDialog type={type} place={place} onClose={onClose} onCreated={onCreated} />
    </Suspense>
  );
}

/** The settings table's Add for config_scrapers. */
export const AddSettingsScraperFlow = ({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated?: () => void;
}) => <AddScraperFlow place="settings" onClose={onClose} onCreated={onCreated} />;
