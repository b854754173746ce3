import { useToast } from '../Toasts/index.js';

export interface ResourceDeletion {
  /** The resource's name, as in '{name} deleted successfully'. */
  name: string;
  remove: () => Promise<unknown>;
  /** After the deletion was said (back to the list, lists refreshed). */
  onDeleted: () => void;
}

/**
 * A confirmation's delete: a failure is shown and rethrown (the dialog stays open to retry),
 * a success is said, then `onDeleted`.
 */
export function useDeleteResource({ name, remove, onDeleted }: ResourceDeletion) {
  const toast = useToast();
  return async () => {
    try {
      await remove();
    } catch (failure) {
      toast.error(failure);
      throw failure;
    }
    toast.success(`${name} deleted successfully`);
    onDeleted();
  };
}
