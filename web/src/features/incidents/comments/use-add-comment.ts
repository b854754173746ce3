import { useSWRConfig } from 'swr';
import { useWhoami } from '../../../api/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { commentsKey, createComment, type CommentRow } from '../hypotheses-api.js';
import { isIncidentKey } from '../types.js';

/** useDbQuery's cache entry. */
interface Cached {
  rows: CommentRow[] | null;
  count?: number;
}

/**
 * Adds a comment at once (spec 2 §8): it shows in the list before the server answers, and is
 * taken out again with an error toast when the server refuses it. Resolves true when it was saved.
 */
export function useAddComment(
  incidentId: string,
): (hypothesisId: string, comment: string) => Promise<boolean> {
  const { mutate } = useSWRConfig();
  const { data: whoami } = useWhoami();
  const toast = useToast();

  return async (hypothesisId, comment) => {
    const user = whoami?.user;
    if (!user) return false;
    const now = new Date().toISOString();
    const pending: CommentRow = {
      id: `pending-${now}-${Math.random().toString(36).slice(2)}`,
      incident_id: incidentId,
      hypothesis_id: hypothesisId,
      responder_id: null,
      comment,
      external_created_by: null,
      created_by: user.id,
      created_at: now,
      creator: { id: user.id, name: user.name, avatar: user.avatar },
    };
    try {
      await mutate<Cached>(
        commentsKey(incidentId),
        async () => {
          await createComment({ incidentId, hypothesisId, comment, createdBy: user.id });
          return undefined;
        },
        {
          optimisticData: (current) => ({ ...current, rows: [...(current?.rows ?? []), pending] }),
          rollbackOnError: true,
          populateCache: false,
          revalidate: true,
        },
      );
    } catch (error) {
      toast.error(error);
      return false;
    }
    // The changelog and counts elsewhere on the page follow the new comment.
    void mutate((key) => isIncidentKey(key, incidentId) && key !== commentsKey(incidentId));
    return true;
  };
}
