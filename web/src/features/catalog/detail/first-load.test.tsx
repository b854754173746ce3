import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { firstDataUrl, matchFirstLoad } from '../../../../../common/first-load.js';
import { fakeApiPerTest } from '../../../shell/test-support.js';
import { configDetailPath, CONFIG_FIRST_LOAD } from './first-load.js';
import { CONFIG_ID, renderConfigPage, replyConfig } from './test-support.js';

fakeApiPerTest((api) => replyConfig(api));

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
function preloadedUrls(path: string): string[] {
  const params = matchFirstLoad(CONFIG_FIRST_LOAD, path);
  if (!params) return [];
  return CONFIG_FIRST_LOAD.data.flatMap((data) => {
    const url = firstDataUrl(data, new URLSearchParams(), params);
    return url === undefined ? [] : [new URL(url, document.baseURI).href];
  });
}

describe('CONFIG_FIRST_LOAD', () => {
  afterEach(() => jest.restoreAllMocks());

  // A preload is used only when its URL is the one the page fetches, to the character.
  it("preloads the config detail and whoami the item's page fetches for its first screen", async () => {
    const fetched = recordFetchedUrls();
    renderConfigPage(`/catalog/${CONFIG_ID}`);
    expect(await screen.findByRole('region', { name: 'Config' })).toBeInTheDocument();
    const preloaded = preloadedUrls(`catalog/${CONFIG_ID}`);
    expect(preloaded).toEqual([
      new URL('api/auth/whoami', document.baseURI).href,
      new URL(configDetailPath(CONFIG_ID), document.baseURI).href,
    ]);
    for (const url of preloaded) expect(fetched).toContain(url);
  });

  it('preloads nothing for a path whose id is not a uuid, which the page does not ask for', () => {
    for (const path of ['catalog/not-a-uuid', 'catalog/changes', `catalog/${CONFIG_ID}/changes`])
      expect([path, preloadedUrls(path)]).toEqual([path, []]);
  });
});
