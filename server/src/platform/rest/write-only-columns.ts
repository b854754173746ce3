/**
 * Columns the API accepts in POST and PATCH bodies but never answers, filters or orders by
 * (connection passwords, certificates/keys and secret properties are write-only). The schema loader also marks the
 * columns of views that pass these through (same name, or the view column is the base column).
 */
export const writeOnlyColumns: Readonly<Record<string, readonly string[]>> = {
  connections: ['password', 'certificate', 'secret_properties'],
};
