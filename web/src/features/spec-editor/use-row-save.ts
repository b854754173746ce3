import { useState } from 'react';
import { errorMessage, type ApiError } from '../../api/index.js';

export interface RowSaveCallbacks<T> {
  saved: (row: T) => void;
  /** Says why it failed (a toast); everything typed stays. */
  failed: (failure: unknown) => void;
}

/**
 * An editor's save to the console's database: whether one is under way, and the message of a
 * spec the server refused (422), kept on screen next to the buttons until cleared.
 */
export function useRowSave() {
  const [saving, setSaving] = useState(false);
  const [rejected, setRejected] = useState<string>();

  const save = async <T>(write: () => Promise<T>, { saved, failed }: RowSaveCallbacks<T>) => {
    setSaving(true);
    setRejected(undefined);
    try {
      const row = await write();
      setSaving(false);
      saved(row);
    } catch (failure) {
      failed(failure);
      if ((failure as ApiError).status === 422) setRejected(errorMessage(failure));
      setSaving(false);
    }
  };

  return { saving, rejected, save, clearRejected: () => setRejected(undefined) };
}
