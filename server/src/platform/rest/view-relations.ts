/**
 * Foreign keys of views that introspection can't infer: a computed column, or a column of a
 * UNION (Postgres records no base column for those; plain and renamed columns are inferred).
 * Each entry says: view.columns reference referencedTable.referencedColumns. Entries naming a
 * view or table that doesn't exist, or a key inference already found, are ignored.
 */
export interface ViewRelation {
  view: string;
  columns: string[];
  references: string;
  referencedColumns: string[];
}

const unionKeys = (view: string): ViewRelation[] => [
  { view, columns: ['created_by'], references: 'people', referencedColumns: ['id'] },
  { view, columns: ['agent_id'], references: 'agents', referencedColumns: ['id'] },
];

export const viewRelations: ViewRelation[] = [
  // UNIONs of config_scrapers, topologies and logging_backends (and their _with_status views).
  ...unionKeys('integrations'),
  ...unionKeys('integrations_with_status'),
];
