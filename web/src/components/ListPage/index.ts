export { ListPage } from './ListPage.js';
export type { CreateAction, ListPageProps, ListQuery, RowAction } from './ListPage.js';
