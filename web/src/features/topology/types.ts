export type * from '../../../../server/src/platform/topology/types.js';
