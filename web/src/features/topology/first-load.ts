import type { FirstData, FirstLoad } from '../../../../common/first-load.js';
import { WHOAMI_PATH } from '../../api/whoami-path.js';

export const TOPOLOGY_PATH = 'api/canary/api/topology';

/**
 * Levels a page reads, its top level counted (depth 1 is the top level alone): the roots and
 * the children each card lists; or the component, its children (the cards) and theirs.
 */
export const ROOTS_DEPTH = '2';
export const COMPONENT_DEPTH = '3';

// The route starts the page's read from topology-api before the page is loaded: its own chunk.
const MODULES = [
  'web/src/shell/AppShell.tsx',
  'web/src/features/topology/TopologyPage.tsx',
  'web/src/features/topology/topology-api.ts',
];

/** The roots as /topology reads them with no filter in its URL. */
const firstRoots: FirstData = { path: TOPOLOGY_PATH, query: { depth: ROOTS_DEPTH } };
/** The component of /topology/{id} as its page reads it with no filter in its URL. */
const firstComponent: FirstData = {
  path: TOPOLOGY_PATH,
  query: { id: { param: 'id' }, depth: COMPONENT_DEPTH },
};

/**
 * /topology's first render, the console's front page: the shell and the page, whoami (the shell
 * waits for it) and the roots. The build preloads them with the page's HTML and holds them to
 * the JavaScript budget.
 */
export const TOPOLOGY_FIRST_LOAD: FirstLoad = {
  path: 'topology',
  modules: MODULES,
  data: [{ path: WHOAMI_PATH }, firstRoots],
  serverRendered: true,
};

/** /topology/{id}'s: the same, with the component and its children. */
export const COMPONENT_FIRST_LOAD: FirstLoad = {
  path: 'topology/:id',
  params: { id: 'uuid' },
  modules: MODULES,
  data: [{ path: WHOAMI_PATH }, firstComponent],
  serverRendered: true,
};
