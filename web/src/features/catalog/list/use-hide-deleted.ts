import { useCallback, useSyncExternalStore } from 'react';

/** Spec 3 §2.1: "Hide Deleted Catalog", saved in the browser as yes or no; deleted items hidden by default. */
export const HIDE_DELETED_STORAGE_KEY = 'catalog.hideDeleted';

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(HIDE_DELETED_STORAGE_KEY) !== 'no';
  } catch {
    return true;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === HIDE_DELETED_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether deleted catalog items are hidden, and the setter that saves the choice. */
export function useHideDeleted(): [boolean, (hide: boolean) => void] {
  const hide = useSyncExternalStore(subscribe, read, () => true);
  const setHide = useCallback((next: boolean) => {
    try {
      localStorage.setItem(HIDE_DELETED_STORAGE_KEY, next ? 'yes' : 'no');
    } catch {
      // Storage refused (private mode): the choice lasts until the page reloads.
    }
    listeners.forEach((listener) => listener());
  }, []);
  return [hide, setHide];
}
