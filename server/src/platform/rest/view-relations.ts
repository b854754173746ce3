/**
 * Foreign keys of views that introspection can't infer (a view column renamed from its base
 * column, or computed). Each entry says: view.columns reference referencedTable.referencedColumns.
 * Entries naming a view or table that doesn't exist are ignored.
 */
export interface ViewRelation {
  view: string;
  columns: string[];
  references: string;
  referencedColumns: string[];
}

export const viewRelations: ViewRelation[] = [];
