/**
 * Columns the API accepts in POST and PATCH bodies but never answers, filters or orders by
 * (connection passwords and certificates/keys are write-only). The schema loader also marks the
 * columns of views that pass these through (same name, or the view column is the base column).
 */
export const writeOnlyColumns: Readonly<Record<string, readonly string[]>> = {
  connections: ['password', 'certificate'],
};
