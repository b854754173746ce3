import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { firstDataUrl, matchFirstLoad, type FirstLoad } from '../../../../common/first-load.js';
import { fakeApiPerTest, renderInShell } from '../../shell/test-support.js';
import { COMPONENT_FIRST_LOAD, TOPOLOGY_FIRST_LOAD } from './first-load.js';
import { CLUSTER_ID, replyTopology } from './test-support.js';
import { TopologyPage } from './TopologyPage.js';

fakeApiPerTest((api) => replyTopology(api));

/** The URLs the page fetches, as the browser asks for them (what a preload must equal). */
function recordFetchedUrls(): string[] {
  const urls: string[] = [];
  const realFetch = globalThis.fetch;
  jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return realFetch(input, init);
  });
  return urls;
}

/** The URLs the page's HTML preloads for `path`, resolved as the browser resolves them. */
function preloadedUrls(page: FirstLoad, path: string): string[] {
  const params = matchFirstLoad(page, path);
  if (!params) return [];
  return page.data.flatMap((data) => {
    const url = firstDataUrl(data, new URLSearchParams(), params);
    return url === undefined ? [] : [new URL(url, document.baseURI).href];
  });
}

const renderTopology = (path: string) =>
  renderInShell(
    [
      { path: 'topology', element: <TopologyPage /> },
      { path: 'topology/:id', element: <TopologyPage /> },
    ],
    path,
  );

describe("the topology's first loads", () => {
  afterEach(() => jest.restoreAllMocks());

  // A preload is used only when its URL is the one the page fetches, to the character.
  it('preloads the roots and whoami that /topology fetches for its first screen', async () => {
    const fetched = recordFetchedUrls();
    renderTopology('/topology');
    expect(await screen.findAllByRole('article')).not.toHaveLength(0);
    const preloaded = preloadedUrls(TOPOLOGY_FIRST_LOAD, 'topology');
    expect(preloaded).toHaveLength(2);
    for (const url of preloaded) expect(fetched).toContain(url);
  });

  it('preloads the component that /topology/{id} fetches, and nothing for an id that is not a uuid', async () => {
    const fetched = recordFetchedUrls();
    renderTopology(`/topology/${CLUSTER_ID}`);
    const preloaded = preloadedUrls(COMPONENT_FIRST_LOAD, `topology/${CLUSTER_ID}`);
    expect(preloaded).toHaveLength(2);
    await waitFor(() => {
      for (const url of preloaded) expect(fetched).toContain(url);
    });
    expect(preloadedUrls(COMPONENT_FIRST_LOAD, 'topology/not-a-uuid')).toEqual([]);
  });
});
